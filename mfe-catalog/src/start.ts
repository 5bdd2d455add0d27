// The screen's './start' module: the requests of its first drawing, without its UI code (see StartRequests).
export { startAudioListRequests as startRequests } from './features/audio-list/start-audio-list-requests';
