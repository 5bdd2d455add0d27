/** An external stem separator, as STEM_SEPARATOR_COMMAND gives it (JSON). */
export type CommandSeparatorConfig = {
  command: string;
  args: string[];
  stemTypes: string[];
  extension?: string;
  timeoutMs?: number;
};

/** Reads STEM_SEPARATOR_COMMAND; throws with what is missing. Validation only: no separator is built here. */
export function parseSeparatorCommand(commandJson: string): CommandSeparatorConfig {
  const config = JSON.parse(commandJson) as CommandSeparatorConfig;
  if (typeof config.command !== 'string' || !Array.isArray(config.args) || !Array.isArray(config.stemTypes)) {
    throw new Error('Separator command config needs "command", "args" and "stemTypes"');
  }
  return config;
}
