/**
 * A commit subject from free text: its first line, at most `max` characters, cut at the last word
 * boundary that fits (with an ellipsis) rather than mid-word; a single over-long word is cut hard.
 */
export const commitSubject = (text: string, max = 72): string => {
  const line = (text.split('\n').find((part) => part.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max - 1);
  const boundary = room.lastIndexOf(' ');
  const cut = boundary > 0 ? room.slice(0, boundary) : room;
  return `${cut.replace(/[\s,;:.–-]+$/u, '')}…`;
};
