import { createTestApp, TestApp } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

/** What one beat save costs the database, counted by the driver's command monitoring (x-db-commands). */
describe('the database cost of a beat save', () => {
  let t: TestApp;
  const [audio] = buildWorkspaceAudios(1, 57);
  const id = audio.music_canonical_id;

  beforeAll(async () => {
    t = await createTestApp({ env: { DB_COMMAND_COUNT: '1' } });
    await t.loginAs('ada');
    await seedCatalog(t, [audio], []);
  });
  afterAll(() => t.close());

  const commandsOf = (res: { headers: Record<string, string> }) => Number(res.headers['x-db-commands']);
  const body = (version: number, done: boolean) => ({
    name: 'b',
    music_canonical_id: id,
    audio_type: 'music',
    done,
    type: 'manual',
    offsets: [6, 7 + version],
    version,
  });

  it('saves a beat at its version, holding the lock, in three database commands: session, audio, beat', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    const made = (
      await writer(t)
        .post('/api/beats/', { name: 'b', music_canonical_id: id, audio_type: 'music', offsets: [6] })
        .expect(201)
    ).body;
    const save = await writer(t).put(`/api/beats/${made.id}/`, body(0, false)).expect(200);
    await writer(t).put(`/api/beats/${made.id}/`, body(0, false)).expect(409);
    expect(commandsOf(save)).toBeGreaterThan(0);
    expect(commandsOf(save)).toBeLessThanOrEqual(3);
    // Without the lock (another tab unlocked it), the save counts itself as under way on the audio.
    await writer(t).post(`/api/audio/${id}/unlock/`).expect(200);
    const unlocked = await writer(t).put(`/api/beats/${made.id}/`, body(1, false)).expect(200);
    expect(commandsOf(unlocked)).toBeLessThanOrEqual(5);
    console.log(
      `beat save: ${commandsOf(save)} database commands holding the lock, ${commandsOf(unlocked)} without (session read included)`,
    );
  });
});
