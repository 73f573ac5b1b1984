import type { Usage } from '../domain/types.js';

/** One message of a planning conversation. */
export interface ShepherdTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** A model's answer, or why there is none (an API failure is a value, not a throw). */
export type ShepherdReply = { ok: true; text: string; usage: Usage } | { ok: false; error: string };

/** The model the llm policy asks for wave plans (src/app/run/shepherd-model.ts puts an API behind it). */
export interface ShepherdModel {
  /** Sends the conversation; resolves with the reply and its usage (cost included) or the failure, in words. */
  ask(conversation: { system: string; turns: readonly ShepherdTurn[] }, signal: AbortSignal): Promise<ShepherdReply>;
}
