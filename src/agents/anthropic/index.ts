import { apiBackend } from '../api-loop/api-backend.js';
import { DEFAULT_ANTHROPIC_MODEL } from './default-model.js';

/** `anthropic`: swarm's tool loop (or diff mode) on the Anthropic SDK. */
export const anthropicBackend = apiBackend('anthropic', 'Anthropic API (ANTHROPIC_API_KEY or a base URL): swarm\'s tool loop, or SEARCH/REPLACE diffs with agent.mode "diff"', DEFAULT_ANTHROPIC_MODEL);
