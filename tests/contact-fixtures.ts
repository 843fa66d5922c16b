// A contact message as the form sends it, and the back office's row of it: for the e-mail specs
// at the root (the CASL footer, the mail copies an erasure removes).

const ANN = {
  submissionId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.ca',
  phone: '',
  company: 'Lee & Co',
  service: 'ai-solutions',
  message: 'We would like to automate our invoices.',
  subscribeNewsletter: false,
  ipAddress: '203.0.113.5',
  userAgent: 'Firefox',
  referer: '',
};

export function receivedMessage(over: Partial<typeof ANN> = {}): typeof ANN {
  return { ...ANN, ...over };
}

/** The row the back office lists for a message received at `createdAt`, not yet enriched. */
export function submissionRow(received: typeof ANN, createdAt: string) {
  return {
    id: received.submissionId,
    ...received,
    status: 'new' as const,
    priority: 'medium' as const,
    processed: false,
    isSpam: false,
    spamReason: null,
    held: false,
    heldReason: null,
    responseNotes: null,
    respondedAt: null,
    country: null,
    city: null,
    deviceType: 'desktop' as const,
    browserName: null,
    browserVersion: null,
    os: null,
    createdAt,
    enrichedAt: null,
  };
}
