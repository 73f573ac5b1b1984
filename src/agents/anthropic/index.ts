import { apiBackend } from '../api-loop/api-backend.js';
import { anthropicProvider } from './provider.js';

/** `anthropic`: swarm's tool loop (or diff mode) on the Anthropic SDK. */
export const anthropicBackend = apiBackend(anthropicProvider, 'Anthropic API (ANTHROPIC_API_KEY or a base URL): swarm\'s tool loop, or SEARCH/REPLACE diffs with agent.mode "diff"');
