// A one-line progress bar for terminals; silent when the output is not a TTY.
export function createProgressBar(stream = process.stderr) {
  const enabled = Boolean(stream.isTTY);
  let last = 0;
  return {
    update(label, done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      const width = 30;
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * width);
      stream.write(
        `\r${label.padEnd(10)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}`,
      );
    },
    done() {
      if (enabled) stream.write('\n');
    },
  };
}
