// One service page. Its words are in ../content/custom-software.json.

import words from '../content/custom-software.json' with { type: 'json' };
import { servicePage } from './service-page-types.ts';

export const customSoftwarePage = servicePage('customSoftware', words);
