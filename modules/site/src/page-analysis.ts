// One service page. Its words are in ../content/analysis.json.

import words from '../content/analysis.json' with { type: 'json' };
import { servicePage } from './service-page-types.ts';

export const analysisPage = servicePage('analysis', words);
