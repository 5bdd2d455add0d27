import { addBellNote, addPluckNote, convertMidiToHz } from './tonal-voices';

/** Chord stabs, an arpeggio and sidechain pumping: the parts of a groove other than drums, bass and pads. */
export type Accompaniment = {
  /** Beat offsets in the bar where the keys/guitar chop the bar's chord (off-beats swung like the hats). */
  stabPositions?: number[];
  /** Gain of the stabs relative to the default, in dB. */
  stabGainDb?: number;
  /** An arpeggio over the bar's chord, one note every `stepBeats`, in a bell or plucked voice; plays in intros too. */
  arpeggio?: { stepBeats: number; voice: 'bell' | 'pluck'; gainDb?: number };
  /** Pads ducked at every beat and swelling back within the beat (sidechain compression, a dance-music habit). */
  pumpPads?: boolean;
};

/** One bar's chord, the time of a beat position, and where to write. */
export type BarContext = {
  channels: Float32Array[];
  sampleRateHz: number;
  bar: number;
  chordMidi: number[];
  locateS: (beatPosition: number) => number;
};

/** Adds the stabs of one bar; `decayS` is the track's stab length. */
export function addBarStabs(context: BarContext, spec: Accompaniment, decayS: number): void {
  const gain = 0.05 * 10 ** ((spec.stabGainDb ?? 0) / 20);
  for (const position of spec.stabPositions ?? []) {
    const startS = context.locateS(context.bar * 4 + position);
    context.chordMidi.forEach((note, k) =>
      context.channels.forEach((channel, c) =>
        addPluckNote(
          channel,
          context.sampleRateHz,
          startS + 0.002 * k,
          decayS,
          convertMidiToHz(note) * (1 + 0.002 * c),
          gain,
        ),
      ),
    );
  }
}

/** Adds the arpeggio of one bar: chord tones going up and down, an octave above the stabs. */
export function addBarArpeggio(context: BarContext, spec: Accompaniment): void {
  if (!spec.arpeggio) return;
  const { stepBeats, voice, gainDb = 0 } = spec.arpeggio;
  const gain = 0.06 * 10 ** (gainDb / 20);
  const tones = [...context.chordMidi, context.chordMidi[0] + 12, context.chordMidi[2], context.chordMidi[1]];
  const steps = Math.round(4 / stepBeats);
  for (let k = 0; k < steps; k++) {
    const startS = context.locateS(context.bar * 4 + k * stepBeats);
    const hz = convertMidiToHz(tones[k % tones.length] + 12);
    context.channels.forEach((channel, c) => {
      if (voice === 'bell') addBellNote(channel, context.sampleRateHz, startS, 0.6, hz, gain * (c ? 0.8 : 1));
      else addPluckNote(channel, context.sampleRateHz, startS, 0.25, hz, gain * (c ? 1 : 0.8));
    });
  }
}

/** Ducks `channels` by up to 75 % at each beat, recovering over 60 % of the beat. */
export function pumpAtBeats(channels: Float32Array[], sampleRateHz: number, beatsS: number[]): void {
  for (let b = 0; b + 1 < beatsS.length; b++) {
    const start = Math.round(beatsS[b] * sampleRateHz);
    const recovery = 0.6 * (beatsS[b + 1] - beatsS[b]) * sampleRateHz;
    for (let i = 0; i < recovery; i++) {
      const gain = 1 - 0.75 * (1 - i / recovery) ** 2;
      for (const channel of channels) if (start + i < channel.length) channel[start + i] *= gain;
    }
  }
}
