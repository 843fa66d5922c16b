// Shapes of the analytics module shared with the web app. No server imports here.
export {};
