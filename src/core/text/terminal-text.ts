/**
 * Terminal control sequences in text that came from a program or an agent: CSI (`ESC [ … final`),
 * OSC / DCS / APC / PM / SOS strings (to BEL or `ESC \`), other two-byte escapes, C1 controls, and
 * C0 controls except newline and tab. Printed raw they could recolour, move the cursor, retitle
 * the terminal or hide text; `swarm show`, `status` and progress lines print them stripped.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[ -/]*[0-~]|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` with every terminal control sequence removed. */
export const stripControl = (text: string): string => text.replace(CONTROL, '');

/** `stripControl` for optional text. */
export const stripControlOrNull = (text: string | null): string | null => (text === null ? null : stripControl(text));
