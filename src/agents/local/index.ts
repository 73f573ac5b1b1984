export { createLocalAgent, type LocalAgentOptions } from './local-agent.js';
export { findRegions, type EvolveRegion } from '../../core/code/evolve-regions.js';
export { findLiterals, type NumericLiteral } from './find-literals.js';
export { collectSources } from './collect-sources.js';
