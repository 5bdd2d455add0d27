import { firstReadsOf, toQueryString, workspaceAudioIdOf, workspacePath } from './first-reads';

describe('workspacePath', () => {
  it('makes the page workspaceAudioIdOf reads the same id back from', () => {
    expect(workspacePath('7000000000182')).toBe('/beats/7000000000182/');
    expect(workspacePath('a b/c?d')).toBe('/beats/a%20b%2Fc%3Fd/');
    for (const id of ['7000000000182', 'a b/c?d', 'ü#%']) expect(workspaceAudioIdOf(workspacePath(id))).toBe(id);
  });
});

describe('workspaceAudioIdOf', () => {
  it("reads the audio id of a workspace path, decoded as the screen's route reads it", () => {
    expect(workspaceAudioIdOf('/beats/7000000000182/')).toBe('7000000000182');
    expect(workspaceAudioIdOf('/beats/a%20b/')).toBe('a b');
  });

  it('is null for any other path, or an id that cannot be decoded', () => {
    expect(workspaceAudioIdOf('/beats/')).toBeNull();
    expect(workspaceAudioIdOf('/beats/1/extra/')).toBeNull();
    expect(workspaceAudioIdOf('/audios/')).toBeNull();
    expect(workspaceAudioIdOf('/beats/%E0%A4%A/')).toBeNull();
  });
});

describe('toQueryString', () => {
  it('repeats list keys and leaves empty values out', () => {
    expect(toQueryString({ skip: 0, q: '', tags: ['a b', 'c'], has_stem: true, x: undefined, y: null })).toBe(
      '?skip=0&tags=a+b&tags=c&has_stem=true',
    );
    expect(toQueryString({ q: '' })).toBe('');
  });
});

describe('firstReadsOf', () => {
  it("is the list's page of the address's filters, then the tags, for the audio list", () => {
    expect(firstReadsOf('/audios/', '')).toEqual(['audio/?skip=0&sort_by=created_at&sort_dir=desc', 'tags/']);
    expect(firstReadsOf('/audios/', '?audio_type=music&reel_count_min=3&tags=Lo-Fi&skip=50&q=%20rain%20')).toEqual([
      'audio/?skip=50&sort_by=created_at&sort_dir=desc&audio_type=music&reel_count_min=3&q=rain&tags=Lo-Fi',
      'tags/',
    ]);
  });

  it('is the audio of a workspace page, and nothing for other pages', () => {
    expect(firstReadsOf('/beats/a%20b/', '')).toEqual(['audio/a%20b/']);
    expect(firstReadsOf('/beats/', '')).toEqual([]);
    expect(firstReadsOf('/metrics/', '?x=1')).toEqual([]);
    expect(firstReadsOf('/audios/extra/', '')).toEqual([]);
  });
});
