import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';

import { encodeWav } from './wav-format';

export type EncodedFormat = 'ogg' | 'mp3' | 'wav';

/** File extension and MIME type of each encoded format (all playable in Chromium). */
export const ENCODED_FORMATS: Record<EncodedFormat, { extension: string; mimeType: string }> = {
  ogg: { extension: 'ogg', mimeType: 'audio/ogg' },
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg' },
  wav: { extension: 'wav', mimeType: 'audio/wav' },
};

/** LAME encoder delay plus mpg123 decoder delay, in samples: the stream carries no gapless tag to undo it. */
export const MP3_CODEC_DELAY_SAMPLES = 1105;
const BLOCK_SAMPLES = 65536;
/**
 * MP3s are constant bit rate: the encoder writes no Xing/Info header, and without one a player estimates a variable
 * rate stream's duration from its first frame (Chromium showed a 85-s demo track as 79 s, another 71-s one as 97 s, so
 * the workspace's ruler and cursor ran off the waveform). At a constant rate, size over rate is the duration.
 */
export const MP3_BITRATE_KBPS = 128;

type StreamEncoder = { encode: (channels: Float32Array[]) => Uint8Array; finalize: () => Uint8Array };

/** Runs blocks of PCM through a streaming encoder and joins its output. */
function runEncoder(encoder: StreamEncoder, channels: Float32Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < channels[0].length; start += BLOCK_SAMPLES) {
    parts.push(encoder.encode(channels.map((c) => c.subarray(start, start + BLOCK_SAMPLES))).slice());
  }
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Encodes 1–2 channels: Ogg Vorbis (libvorbis, quality 0–10), MP3 (LAME, MP3_BITRATE_KBPS) or 16-bit WAV. */
export async function encodeAudio(
  channels: Float32Array[],
  sampleRateHz: number,
  format: EncodedFormat,
  quality = 4,
): Promise<Uint8Array> {
  if (format === 'wav') return encodeWav(channels, sampleRateHz);
  if (format === 'ogg') {
    const encoder = await createOggEncoder();
    encoder.configure({ sampleRate: sampleRateHz, channels: channels.length as 1 | 2, vbrQuality: quality });
    return runEncoder(encoder, channels);
  }
  const encoder = await createMp3Encoder();
  encoder.configure({
    sampleRate: sampleRateHz as 44100,
    channels: channels.length as 1 | 2,
    bitrate: MP3_BITRATE_KBPS,
  });
  // Advancing the input by the codec delay lines decoded audio up with the original timeline.
  return runEncoder(
    encoder,
    channels.map((c) => c.subarray(MP3_CODEC_DELAY_SAMPLES)),
  );
}
