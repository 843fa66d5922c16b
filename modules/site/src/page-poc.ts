// One service page. Its words are in ../content/poc.json.

import words from '../content/poc.json' with { type: 'json' };
import { servicePage } from './service-page-types.ts';

export const pocPage = servicePage('poc', words);
