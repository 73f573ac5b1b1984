import { apiBackend } from '../api-loop/api-backend.js';

/** `openai`: swarm's tool loop (or diff mode) on the OpenAI SDK, any OpenAI-compatible base URL. */
export const openaiBackend = apiBackend('openai', 'OpenAI or any OpenAI-compatible server (vLLM, llama.cpp, Ollama): swarm\'s tool loop, or diff mode');
