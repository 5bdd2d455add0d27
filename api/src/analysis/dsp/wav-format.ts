// Local bindings: Math property look-ups are slow inside the test sandbox.
const { floor, round } = Math;

/** Decoded PCM audio: one Float32Array per channel, values in [-1, 1]. */
export type DecodedAudio = { sampleRateHz: number; channels: Float32Array[]; durationS: number };

/** 16-bit PCM WAV file of the given channels. */
export function encodeWav(channels: Float32Array[], sampleRateHz: number): Uint8Array {
  const frameCount = channels[0].length;
  const blockAlign = 2 * channels.length;
  const bytes = new Uint8Array(44 + frameCount * blockAlign);
  const view = new DataView(bytes.buffer);
  const writeText = (offset: number, text: string) =>
    [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  writeText(0, 'RIFF');
  view.setUint32(4, 36 + frameCount * blockAlign, true);
  writeText(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRateHz, true);
  view.setUint32(28, sampleRateHz * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  writeText(36, 'data');
  view.setUint32(40, frameCount * blockAlign, true);
  const samples = new Int16Array(bytes.buffer, 44, frameCount * channels.length);
  for (let c = 0; c < channels.length; c++) {
    const channel = channels[c];
    for (let i = 0, j = c; i < frameCount; i++, j += channels.length) {
      const v = channel[i] < -1 ? -1 : channel[i] > 1 ? 1 : channel[i];
      samples[j] = v < 0 ? round(v * 32768) : round(v * 32767);
    }
  }
  return bytes;
}

/** Parses PCM (16/24/32-bit integer) or 32-bit float WAV, including streamed files with unknown sizes; null if unsupported. */
export function parseWav(bytes: Uint8Array): DecodedAudio | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const readText = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || readText(0) !== 'RIFF' || readText(8) !== 'WAVE') return null;
  let offset = 12;
  let format = { tag: 0, channelCount: 0, sampleRateHz: 0, bits: 0 };
  while (offset + 8 <= bytes.length) {
    const id = readText(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      const tag = view.getUint16(offset + 8, true);
      format = {
        tag: tag === 0xfffe ? view.getUint16(offset + 32, true) : tag,
        channelCount: view.getUint16(offset + 10, true),
        sampleRateHz: view.getUint32(offset + 12, true),
        bits: view.getUint16(offset + 22, true),
      };
    } else if (id === 'data') {
      const end = size === 0xffffffff || offset + 8 + size > bytes.length ? bytes.length : offset + 8 + size;
      return readPcmSamples(view, offset + 8, end, format);
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** De-interleaves PCM samples between two byte offsets. */
function readPcmSamples(
  view: DataView,
  start: number,
  end: number,
  format: { tag: number; channelCount: number; sampleRateHz: number; bits: number },
): DecodedAudio | null {
  const { tag, channelCount, sampleRateHz, bits } = format;
  const bytesPerSample = bits / 8;
  const isFloat = tag === 3 && bits === 32;
  if (!(isFloat || (tag === 1 && [16, 24, 32].includes(bits))) || channelCount === 0) return null;
  const frameCount = floor((end - start) / (bytesPerSample * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frameCount));
  let p = start;
  for (let i = 0; i < frameCount; i++) {
    for (let c = 0; c < channelCount; c++, p += bytesPerSample) {
      if (isFloat) channels[c][i] = view.getFloat32(p, true);
      else if (bits === 16) channels[c][i] = view.getInt16(p, true) / 32768;
      else if (bits === 24)
        channels[c][i] = (view.getUint8(p) | (view.getUint8(p + 1) << 8) | (view.getInt8(p + 2) << 16)) / 8388608;
      else channels[c][i] = view.getInt32(p, true) / 2147483648;
    }
  }
  return { sampleRateHz, channels, durationS: frameCount / sampleRateHz };
}
