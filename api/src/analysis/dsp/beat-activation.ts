import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import {
  ACTIVATION_HOP,
  ACTIVATION_INPUT_RATE_HZ,
  ACTIVATION_INPUT_SIZE,
  computeActivationInput,
  countActivationFrames,
} from './beat-activation-input';
import { padToLanes, SimdMatvec } from './simd-matvec';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { exp, max, min } = Math;

/** Frames a second of the activation. */
export const ACTIVATION_FRAME_RATE_HZ = ACTIVATION_INPUT_RATE_HZ / ACTIVATION_HOP;

/**
 * BeatNet's trained network (Heydari, Cwitkowitz & Duan, "BeatNet", ISMIR 2021; weights CC BY 4.0, see
 * api/assets/beat-model/README.md), the model trained without GTZAN: a 1-D convolution across the 272 input values,
 * max-pooling, a dense layer, two LSTM layers of 150 cells and a softmax over beat, downbeat and no beat.
 */
export const BEAT_MODEL_PATH = join(
  // Found through the workspace's package link, so that copies compiled elsewhere (the bench's) find it too.
  dirname(require.resolve('@curator/api/package.json')),
  'assets',
  'beat-model',
  'beatnet-1.f32',
);

const KERNEL = 10;
const CONVOLVED = ACTIVATION_INPUT_SIZE - KERNEL + 1;
const POOLED = CONVOLVED >> 1;
const DENSE_IN = 2 * POOLED;
const CELLS = 150;
const GATES = 4 * CELLS;
/** The file's tensors in order (scripts/convert-beatnet-weights.py): name and float count. */
const LAYOUT: Array<[string, number]> = [
  ['conv.weight', 2 * KERNEL],
  ['conv.bias', 2],
  ['dense.weight', CELLS * DENSE_IN],
  ['dense.bias', CELLS],
  ...[0, 1].flatMap((layer): Array<[string, number]> => [
    [`lstm${layer}.inputWeight`, GATES * CELLS],
    [`lstm${layer}.hiddenWeight`, GATES * CELLS],
    [`lstm${layer}.inputBias`, GATES],
    [`lstm${layer}.hiddenBias`, GATES],
  ]),
  ['out.weight', 3 * CELLS],
  ['out.bias', 3],
];

type Layer = { input: Float32Array; hidden: Float32Array; bias: Float32Array };
type Model = {
  simd: SimdMatvec;
  tensors: Map<string, Float32Array>;
  /** Rows padded to the kernel's width, in the kernel's memory. */
  dense: Float32Array;
  layers: Layer[];
  /** Vectors in the kernel's memory, shared by every run: pooled convolution, dense output, gates, hidden states. */
  scratch: { pooled: Float32Array; embedded: Float32Array; gates: Float32Array; hidden: Float32Array[] };
};

let model: Model | undefined;

/** The weights, read once per thread, the matrices copied into the SIMD kernel's memory with padded rows. */
function loadModel(): Model {
  if (model) return model;
  const bytes = readFileSync(BEAT_MODEL_PATH);
  const total = LAYOUT.reduce((sum, [, count]) => sum + count, 0);
  if (bytes.length !== 4 * total) throw new Error(`${BEAT_MODEL_PATH}: ${bytes.length} bytes, expected ${4 * total}`);
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const tensors = new Map<string, Float32Array>();
  let at = 0;
  for (const [name, count] of LAYOUT) tensors.set(name, floats.subarray(at, (at += count)));
  const [denseCols, cellCols] = [padToLanes(DENSE_IN), padToLanes(CELLS)];
  const matrices = CELLS * denseCols + 4 * GATES * cellCols;
  const vectors = 2 * GATES + denseCols + cellCols + GATES + 2 * cellCols;
  // Each allocation is rounded up to 4 floats (16 bytes); 16 allocations at most.
  const simd = new SimdMatvec(matrices + vectors + 16 * 4);
  const padded = (weights: Float32Array, rows: number, cols: number, width: number) => {
    const out = simd.allocate(rows * width);
    for (let r = 0; r < rows; r++) out.set(weights.subarray(r * cols, (r + 1) * cols), r * width);
    return out;
  };
  const layers = [0, 1].map((layer) => {
    const bias = simd.allocate(GATES);
    const [inputBias, hiddenBias] = ['inputBias', 'hiddenBias'].map((n) => tensors.get(`lstm${layer}.${n}`)!);
    for (let g = 0; g < GATES; g++) bias[g] = inputBias[g] + hiddenBias[g];
    return {
      input: padded(tensors.get(`lstm${layer}.inputWeight`)!, GATES, CELLS, cellCols),
      hidden: padded(tensors.get(`lstm${layer}.hiddenWeight`)!, GATES, CELLS, cellCols),
      bias,
    };
  });
  const dense = padded(tensors.get('dense.weight')!, CELLS, DENSE_IN, denseCols);
  const scratch = {
    pooled: simd.allocate(denseCols),
    embedded: simd.allocate(cellCols),
    gates: simd.allocate(GATES),
    hidden: layers.map(() => simd.allocate(cellCols)),
  };
  return (model = { simd, tensors, dense, layers, scratch });
}

/**
 * The probability of a beat (downbeat or not) in each 20 ms frame of `pcm`, mono at ACTIVATION_INPUT_RATE_HZ, the
 * network running over it from silence, as BeatNet runs over a whole file. It runs frame by frame, causally, so a
 * caller may stop early: `advanceTo` computes the frames up to the one asked for.
 */
export class BeatActivation {
  readonly values: Float32Array;
  private computed = 0;
  private readonly hidden: Float32Array[];
  private readonly cells: Float32Array[];

  constructor(private readonly pcm: Float32Array) {
    this.values = new Float32Array(countActivationFrames(pcm.length));
    this.hidden = [0, 1].map(() => new Float32Array(padToLanes(CELLS)));
    this.cells = [0, 1].map(() => new Float32Array(CELLS));
  }

  /** Frames computed so far: values[0..computedFrames). */
  get computedFrames(): number {
    return this.computed;
  }

  /** Computes values up to (not including) `endFrame`. */
  advanceTo(endFrame: number): void {
    const end = min(endFrame, this.values.length);
    if (end <= this.computed) return;
    const { simd, tensors, dense, layers, scratch } = loadModel();
    const input = computeActivationInput(this.pcm, this.computed, end);
    const [convWeight, convBias, denseBias] = ['conv.weight', 'conv.bias', 'dense.bias'].map((n) => tensors.get(n)!);
    const [outWeight, outBias] = [tensors.get('out.weight')!, tensors.get('out.bias')!];
    const [denseCols, cellCols] = [padToLanes(DENSE_IN), padToLanes(CELLS)];
    const { pooled, embedded, gates } = scratch;
    // The kernel's memory holds one run's hidden states at a time: this run's are copied in, and out at the end.
    scratch.hidden.forEach((h, l) => h.set(this.hidden[l]));
    const convolved = new Float64Array(CONVOLVED);
    for (let f = this.computed; f < end; f++) {
      const row = (f - this.computed) * ACTIVATION_INPUT_SIZE;
      for (let channel = 0; channel < 2; channel++) {
        const weights = convWeight.subarray(channel * KERNEL, (channel + 1) * KERNEL);
        for (let at = 0; at < CONVOLVED; at++) {
          let sum = convBias[channel];
          for (let k = 0; k < KERNEL; k++) sum += weights[k] * input[row + at + k];
          convolved[at] = sum;
        }
        // ReLU, then the larger of each pair.
        for (let p = 0; p < POOLED; p++) pooled[channel * POOLED + p] = max(0, convolved[2 * p], convolved[2 * p + 1]);
      }
      embedded.set(denseBias);
      simd.multiplyAdd(dense, pooled, embedded, CELLS, denseCols);
      let below = embedded;
      for (let l = 0; l < layers.length; l++) {
        const [layer, h, c] = [layers[l], scratch.hidden[l], this.cells[l]];
        gates.set(layer.bias);
        simd.multiplyAdd(layer.input, below, gates, GATES, cellCols);
        simd.multiplyAdd(layer.hidden, h, gates, GATES, cellCols);
        // PyTorch's gate order: input, forget, cell, output. Sigmoid and tanh written out, through exp alone: Math.tanh
        // costs several times more, and this is the network's inner loop.
        for (let k = 0; k < CELLS; k++) {
          const input = 1 / (1 + exp(-gates[k]));
          const forget = 1 / (1 + exp(-gates[CELLS + k]));
          const cell = 1 - 2 / (exp(2 * gates[2 * CELLS + k]) + 1);
          const output = 1 / (1 + exp(-gates[3 * CELLS + k]));
          c[k] = forget * c[k] + input * cell;
          h[k] = output * (1 - 2 / (exp(2 * c[k]) + 1));
        }
        below = h;
      }
      let beat = outBias[0];
      let downbeat = outBias[1];
      let none = outBias[2];
      for (let k = 0; k < CELLS; k++) {
        beat += outWeight[k] * below[k];
        downbeat += outWeight[CELLS + k] * below[k];
        none += outWeight[2 * CELLS + k] * below[k];
      }
      // Softmax over the three, shifted by the largest so that no exponential overflows.
      const top = max(beat, downbeat, none);
      const isBeat = exp(beat - top) + exp(downbeat - top);
      this.values[f] = isBeat / (isBeat + exp(none - top));
    }
    scratch.hidden.forEach((h, l) => this.hidden[l].set(h));
    this.computed = end;
  }
}

/** The whole of `pcm`'s beat activation (BeatActivation, every frame). */
export function computeBeatActivation(pcm: Float32Array): Float32Array {
  const run = new BeatActivation(pcm);
  run.advanceTo(run.values.length);
  return run.values;
}
