import { apiBackend } from '../api-loop/api-backend.js';
import { openaiProvider } from './provider.js';

/** `openai`: swarm's tool loop (or diff mode) on the OpenAI SDK, any OpenAI-compatible base URL. */
export const openaiBackend = apiBackend(openaiProvider, 'OpenAI or any OpenAI-compatible server (vLLM, llama.cpp, Ollama): swarm\'s tool loop, or diff mode');
