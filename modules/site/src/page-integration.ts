// One service page. Its words are in ../content/integration.json.

import words from '../content/integration.json' with { type: 'json' };
import { servicePage } from './service-page-types.ts';

export const integrationPage = servicePage('integration', words);
