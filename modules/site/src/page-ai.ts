// One service page. Its words are in ../content/ai.json.

import words from '../content/ai.json' with { type: 'json' };
import { servicePage } from './service-page-types.ts';

export const aiPage = servicePage('ai', words);
