import { apiBackend } from '../api-loop/api-backend.js';
import { DEFAULT_OPENAI_MODEL } from './default-model.js';

/** `openai`: swarm's tool loop (or diff mode) on the OpenAI SDK, any OpenAI-compatible base URL. */
export const openaiBackend = apiBackend('openai', 'OpenAI or any OpenAI-compatible server (vLLM, llama.cpp, Ollama): swarm\'s tool loop, or diff mode', DEFAULT_OPENAI_MODEL);
