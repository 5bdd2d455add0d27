import { audioIdOfPath } from './start-workspace-requests';

describe('audioIdOfPath', () => {
  it("reads the audio id of a workspace path, decoded as the screen's route reads it", () => {
    expect(audioIdOfPath('/beats/7000000000182/')).toBe('7000000000182');
    expect(audioIdOfPath('/beats/a%20b/')).toBe('a b');
  });

  it('is null for any other path, or an id that cannot be decoded', () => {
    expect(audioIdOfPath('/beats/')).toBeNull();
    expect(audioIdOfPath('/beats/1/extra/')).toBeNull();
    expect(audioIdOfPath('/audios/')).toBeNull();
    expect(audioIdOfPath('/beats/%E0%A4%A/')).toBeNull();
  });
});
