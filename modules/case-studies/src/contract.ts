// Shapes of the case-studies module shared with the web app. No server imports here.
export {};
