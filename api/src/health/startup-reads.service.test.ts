import { StartupReads } from './startup-reads.service';

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (message: string) => lines.push(`info: ${message}`),
      error: ({ err }: { err: Error }, message: string) => lines.push(`error: ${message}: ${err.message}`),
    },
  };
}

describe('StartupReads', () => {
  it('runs the reads one after another, in order, and is "running" until the last one ends', async () => {
    const startup = new StartupReads();
    const events: string[] = [];
    const read = (name: string) => async () => {
      events.push(`${name} starts (${startup.state})`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`${name} ends`);
    };
    const { log, lines } = recorder();
    expect(startup.state).toBe('done');
    const run = startup.run(
      [
        { name: 'audio list', read: read('audio list') },
        { name: 'approvals', read: read('approvals') },
      ],
      log,
    );
    expect(startup.state).toBe('running');
    await run;
    expect(events).toEqual([
      'audio list starts (running)',
      'audio list ends',
      'approvals starts (running)',
      'approvals ends',
    ]);
    expect(startup.state).toBe('done');
    expect(lines).toEqual([
      expect.stringMatching(/^info: Start-up reads done in \d+ ms \(audio list \d+ ms, approvals \d+ ms\)$/),
    ]);
  });

  it('logs a read that fails and goes on with the next', async () => {
    const startup = new StartupReads();
    const ran: string[] = [];
    const { log, lines } = recorder();
    await startup.run(
      [
        { name: 'audio list', read: () => Promise.reject(new Error('connection reset')) },
        { name: 'approvals', read: async () => void ran.push('approvals') },
      ],
      log,
    );
    expect(ran).toEqual(['approvals']);
    expect(startup.state).toBe('done');
    expect(lines[0]).toBe('error: Start-up read failed: audio list: connection reset');
    expect(lines[1]).toMatch(/^info: Start-up reads done in \d+ ms \(audio list failed, approvals \d+ ms\)$/);
  });
});
