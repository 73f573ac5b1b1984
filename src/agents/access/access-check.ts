import { homedir } from 'node:os';

export type Env = Record<string, string | undefined>;

/** Whether a backend can authenticate: where the credential was found (never its value), or what is missing and the fix. */
export interface AccessCheck {
  ok: boolean;
  detail: string;
  /** The model endpoint the backend will call, when its config names one (to check it answers). */
  baseUrl?: string;
}

export const isSet = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

export const homeOf = (env: Env): string => (isSet(env.HOME) ? (env.HOME ?? '') : homedir());
