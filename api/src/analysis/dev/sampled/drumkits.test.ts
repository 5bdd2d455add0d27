import { readDrumkitRoles } from './drumkits';

describe('sampled kits: the parts of a Hydrogen drum kit', () => {
  it('finds each part by its name in the kit, with its velocity layers', () => {
    const xml = `<drumkit_info><name>Kit</name><instrumentList>
      <instrument><id>0</id><name>Kick (Tama Superstar 22")</name>
        <layer><filename>kick-soft.wav</filename><min>0</min><max>0.5</max></layer>
        <layer><filename>kick-hard.wav</filename><min>0.5</min><max>1</max></layer></instrument>
      <instrument><id>1</id><name>Snare Rimshot</name><layer><filename>rimshot.wav</filename></layer></instrument>
      <instrument><id>2</id><name>Snare Rock</name><layer><filename>snare.wav</filename></layer></instrument>
      <instrument><id>3</id><name>Hi-Hat Closed</name><layer><filename>hat.wav</filename></layer></instrument>
      <instrument><id>4</id><name>Hi Hat Opened</name><layer><filename>open.wav</filename></layer></instrument>
      <instrument><id>5</id><name>Ride Bell</name><layer><filename>bell.wav</filename></layer></instrument>
      <instrument><id>6</id><name>Floor Tom</name><layer><filename>floor.wav</filename></layer></instrument>
      <instrument><id>7</id><name>15</name></instrument>
    </instrumentList></drumkit_info>`;
    const roles = readDrumkitRoles(xml);
    expect(roles.kick).toEqual({
      name: 'Kick (Tama Superstar 22")',
      layers: [
        { file: 'kick-soft.wav', minVelocity: 0, maxVelocity: 0.5 },
        { file: 'kick-hard.wav', minVelocity: 0.5, maxVelocity: 1 },
      ],
    });
    // A rimshot is not the snare's plain hit; a ride's bell is not its bow.
    expect(roles.snare?.name).toBe('Snare Rock');
    expect(roles.hatClosed?.layers[0].file).toBe('hat.wav');
    expect(roles.hatOpen?.layers[0].file).toBe('open.wav');
    expect(roles.tomLow?.name).toBe('Floor Tom');
    expect(roles.ride).toBeUndefined();
  });

  it('reads a kit in the older format, whose instruments name their file directly', () => {
    const xml = `<drumkit_info><instrumentList>
      <instrument><id>0</id><name>c3 - bass drum 1</name><filename>bd1.flac</filename></instrument>
      <instrument><id>1</id><name>d3 - snare 1</name><filename>sd1.flac</filename></instrument>
    </instrumentList></drumkit_info>`;
    expect(readDrumkitRoles(xml)).toEqual({
      kick: { name: 'c3 - bass drum 1', layers: [{ file: 'bd1.flac', minVelocity: 0, maxVelocity: 1 }] },
      snare: { name: 'd3 - snare 1', layers: [{ file: 'sd1.flac', minVelocity: 0, maxVelocity: 1 }] },
    });
  });
});
