// Shapes of the media module shared with the web app. No server imports here.
export {};
