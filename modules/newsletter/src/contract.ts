// Shapes of the newsletter module shared with the web app. No server imports here.
export {};
