// Shapes of the careers module shared with the web app. No server imports here.
export {};
