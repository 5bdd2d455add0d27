import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type CommandSeparatorConfig, parseSeparatorCommand } from '../../config/separator-config';
import { decodeFile } from './decode-audio';
import { separateHarmonicPercussive } from './hpss';
import { encodeWav } from './wav-format';

/** One separated stem written to disk; `type` is the label shown in the UI (e.g. `percussive`). */
export type SeparatedStem = { type: string; path: string };

/** Anything that turns one media file into stem files inside `outputDir`. */
export type Separator = { name: string; separate: (inputPath: string, outputDir: string) => Promise<SeparatedStem[]> };

/** External separator: `command` with `args` where {input} and {outputDir} are substituted; it must write `<type>.<extension>` per stem. */

/** Built-in DSP separator: median-filtering HPSS into `percussive.wav` and `harmonic.wav`. */
export function createHpssSeparator(): Separator {
  return {
    name: 'hpss',
    async separate(inputPath, outputDir) {
      const audio = await decodeFile(inputPath);
      const { percussive, harmonic } = separateHarmonicPercussive(audio.channels);
      await mkdir(outputDir, { recursive: true });
      const stems: SeparatedStem[] = [];
      for (const [type, channels] of [
        ['percussive', percussive],
        ['harmonic', harmonic],
      ] as const) {
        const path = join(outputDir, `${type}.wav`);
        await writeFile(path, encodeWav(channels, audio.sampleRateHz));
        stems.push({ type, path });
      }
      return stems;
    },
  };
}

/** Separator that runs an external program (e.g. a Demucs install) and collects the stem files it writes. */
export function createCommandSeparator(config: CommandSeparatorConfig): Separator {
  const extension = config.extension ?? 'wav';
  return {
    name: `command:${config.command}`,
    async separate(inputPath, outputDir) {
      await mkdir(outputDir, { recursive: true });
      const args = config.args.map((arg) => arg.replaceAll('{input}', inputPath).replaceAll('{outputDir}', outputDir));
      await runCommand(config.command, args, config.timeoutMs ?? 30 * 60_000);
      return config.stemTypes.map((type) => {
        const path = join(outputDir, `${type}.${extension}`);
        if (!existsSync(path)) throw new Error(`Separator ${config.command} did not write ${path}`);
        return { type, path };
      });
    },
  };
}

/** Runs a program without a shell; rejects with its stderr on a non-zero exit or after timeoutMs. */
function runCommand(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: timeoutMs });
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${command} failed (${signal ?? `exit ${code}`}): ${Buffer.concat(errors).toString().trim().slice(-2000)}`,
          ),
        );
    });
  });
}

/** Separator chosen by configuration: a JSON CommandSeparatorConfig in `commandJson`, otherwise the built-in HPSS. */
export function createSeparatorFromConfig(commandJson: string | undefined): Separator {
  if (!commandJson) return createHpssSeparator();
  return createCommandSeparator(parseSeparatorCommand(commandJson));
}
