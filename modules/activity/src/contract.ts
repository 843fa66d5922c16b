// Shapes of the activity module shared with the web app. No server imports here.
export {};
