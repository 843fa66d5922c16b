// Shapes of the blog module shared with the web app. No server imports here.
export {};
