/** ANSI colours for the console, off when stdout is not a terminal or NO_COLOR is set. */
const enabled = process.stdout.isTTY === true && !process.env.NO_COLOR;

const wrap = (code: number) => (text: string) => (enabled ? `\u001b[${code}m${text}\u001b[0m` : text);

export const colour = {
  red: wrap(31),
  green: wrap(32),
  yellow: wrap(33),
  magenta: wrap(35),
  cyan: wrap(36),
  grey: wrap(90),
  bold: wrap(1),
};
