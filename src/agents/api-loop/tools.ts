import { z } from 'zod';
import { runCommandTool, runEvalTool } from './command-tools.js';
import { editFileTool, listFilesTool, readFileTool, writeFileTool } from './file-tools.js';
import type { ToolCallItem, ToolSpec } from './model-api.js';
import type { ToolContext, ToolResult } from './tool-context.js';

const path = z.string().describe('Path relative to the worktree root.');

const inputs = {
  read_file: z.strictObject({ path }),
  list_files: z.strictObject({ path: path.optional() }),
  write_file: z.strictObject({ path, content: z.string().describe('The whole new content of the file.') }),
  edit_file: z.strictObject({
    path,
    search: z.string().describe('Exact text to replace; it must occur exactly once in the file.'),
    replace: z.string().describe('Text that replaces it.'),
  }),
  run_command: z.strictObject({ command: z.string().min(1).describe('Shell command, run in the worktree root.') }),
  run_eval: z.strictObject({}),
  finish: z.strictObject({
    summary: z.string().describe('One line: what you changed.'),
    hypothesis: z.string().describe('The idea your changes tested.'),
  }),
} as const;

type ToolName = keyof typeof inputs;

const DESCRIPTIONS: Record<ToolName, string> = {
  read_file: 'Read a text file of the worktree.',
  list_files: 'List the files under a directory of the worktree (default: the root), recursively.',
  write_file: 'Create or overwrite a file of the worktree with the given content.',
  edit_file: 'Replace one exact occurrence of `search` by `replace` in a file of the worktree.',
  run_command: 'Run a shell command in the worktree root; it is killed at the command timeout and long output is truncated.',
  run_eval: 'Score the current worktree with the swarm\'s evaluator (like `swarm eval`).',
  finish: 'Stop working: give a one-line summary and the hypothesis you tested. Uncommitted changes are committed for you.',
};

const isToolName = (name: string): name is ToolName => Object.hasOwn(inputs, name);

const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema);
  return rest;
};

/** The tools of the agent loop, as sent to the model. */
export const AGENT_TOOLS: readonly ToolSpec[] = (Object.keys(inputs) as ToolName[]).map((name) => ({
  name,
  description: DESCRIPTIONS[name],
  inputSchema: jsonSchemaOf(inputs[name]),
}));

const issuesText = (error: z.ZodError): string => error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ');

/** Runs one tool call; bad names, malformed JSON and invalid input are tool errors the model sees. */
export const runTool = async (ctx: ToolContext, call: ToolCallItem): Promise<ToolResult> => {
  if (!isToolName(call.name)) return { content: `unknown tool ${call.name}; available: ${Object.keys(inputs).join(', ')}`, isError: true };
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return { content: `the arguments of ${call.name} are not valid JSON (${error instanceof Error ? error.message : String(error)}); send a JSON object`, isError: true };
  }
  switch (call.name) {
    case 'read_file': return withInput(inputs.read_file, raw, call.name, (i) => readFileTool(ctx, i));
    case 'list_files': return withInput(inputs.list_files, raw, call.name, (i) => listFilesTool(ctx, i));
    case 'write_file': return withInput(inputs.write_file, raw, call.name, (i) => writeFileTool(ctx, i));
    case 'edit_file': return withInput(inputs.edit_file, raw, call.name, (i) => editFileTool(ctx, i));
    case 'run_command': return withInput(inputs.run_command, raw, call.name, (i) => runCommandTool(ctx, i));
    case 'run_eval': return runEvalTool(ctx);
    case 'finish': return withInput(inputs.finish, raw, call.name, (i) => Promise.resolve({ content: 'finished', isError: false, finish: i }));
  }
};

const withInput = async <T>(schema: z.ZodType<T>, raw: unknown, name: string, run: (input: T) => Promise<ToolResult>): Promise<ToolResult> => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { content: `invalid arguments for ${name}: ${issuesText(parsed.error)}`, isError: true };
  return run(parsed.data);
};
