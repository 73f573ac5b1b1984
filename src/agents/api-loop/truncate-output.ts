/** Keeps the head and tail of a long text with a marker saying how much was cut. */
export const truncateOutput = (text: string, maxChars: number): string => {
  if (text.length <= maxChars) return text;
  const head = Math.floor(maxChars * 0.3);
  const tail = maxChars - head;
  const cut = text.length - head - tail;
  return `${text.slice(0, head)}\n[... output truncated: ${cut} characters omitted ...]\n${text.slice(text.length - tail)}`;
};
