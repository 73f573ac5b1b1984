// Generated using scripts/write-decode-map.ts

/** Packed XML decode trie data. */
export const xmlDecodeTree: Uint16Array = /* #__PURE__ */ new Uint16Array([
    512, 26_465, 29_036, 4, 12, 13, 14, 256, 28_781, 2, 3, 112, 24_614, 111,
    115, 24_615, 116, 24_638, 116, 24_636, 8693, 29_807, 24_610,
]);
