import { streamMonoPcm, type StreamOptions } from './decode-audio';
import {
  findOffbeatPosition,
  findSwingOffset,
  halfwayPoints,
  meanOf,
  meanPeakAt,
  measureBackbeat,
  peakNear,
} from './meter-cues';
import { isNetworkAgainstPhase } from './network-phase';
import { computeOnsetBands, type OnsetBands, OnsetStream } from './onset-envelope';
import { estimateTempo, refineLag, weighTempo } from './tempo';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, ceil, exp, floor, log, max, min, round, sqrt } = Math;

/** One metrical level: its ratio to the chosen beat, tempo, confidence (0..1) and beats (s, 2 decimals). */
export type TempoVariant = { factor: number; bpm: number; confidence: number; beatsS: number[] };

/**
 * Beats in seconds (2 decimals, ascending) at the chosen level, its tempo, the other levels' tempi,
 * the ranked variants (first = the chosen level, factor 1) and the audio's onsets (s, 2 decimals, ascending).
 */
export type BeatAnalysis = {
  beatsS: number[];
  tempoBpm: number;
  tempoAlternativesBpm: number[];
  variants: TempoVariant[];
  onsetsS: number[];
};

/** Rate the onset envelope works at; the MP3 decoders deliver it while decoding (mpg123 halving 44.1 kHz, ffmpeg). */
export const ANALYSIS_RATE_HZ = 22050;

/**
 * Transition penalty weight of the dynamic programme. librosa's default, 100, let the chain slip onto off-beat onsets
 * (keys chopping every "and", a funk kick) for a few beats. Chosen on the tuning half: 200-800 did alike (F 0.937-0.941
 * against 0.932 at 100, 0.908 at 50), but from 300 on a slow shuffle and a bar-only groove of the unit tests went wrong
 * (1.76 times the tempo; F 0.84); 200 keeps them.
 */
const TIGHTNESS = 200;
/**
 * Level decision: the off-beat/on-beat onset-strength ratio of a level, measured on `feature` (the whole spectrum,
 * or the accent bands below 2 kHz where kick and snare sit, with hats left out).
 * Half the tempo is taken when that level's ratio is below `slower`; double when this level's ratio is at least
 * `faster`. The tempo to start from is the prior-weighted autocorrelation peak of `tempoFrom`: the whole spectrum,
 * the accent bands, or both at equal weight ('mix', which keeps kick-less four-on-the-floor tracks off a 2/3 error).
 * Beats are tracked on `beatFrom`: the accent bands, so that hats, open hats and quiet bands do not pull the beat
 * onto the off-beats. Every value below was chosen on the tuning half of the synthesised set only (a grid over
 * tempo source, beat envelope, thresholds and the flux compression); the held-out half and the independent set
 * (dev/independent) are only measured.
 */
export type LevelTuning = {
  feature: 'all' | 'accent';
  faster: number;
  slower: number;
  tempoFrom?: 'all' | 'mix' | 'accent';
  /** Envelope the beats are tracked on (default: the whole spectrum). */
  beatFrom?: 'all' | 'mix' | 'accent';
  /** Carry the beat grid on, at its period, back to the first sound and on to the last (intros without drums). */
  extend?: boolean;
  /**
   * Move the beats by half a period when the grid half-way between them shows the snare/clap backbeat (strong and
   * weak beats alternating in the snare bands) more clearly by at least this share of the band's level.
   */
  backbeatShift?: number;
  /** Move a grid that sits on the late off-beats of swung eighths onto the beats (findSwingOffset). */
  swingShift?: boolean;
  /** Move the beats onto kicks that lie half-way between them (alignToKicks). */
  kickShift?: { ratio: number; keepBackbeat: number };
  /** Move a grid that sits on a kick on every "and" onto the snare between the kicks (moveOffKickGrid). */
  kickGridShift?: KickGridShift;
  /** Move the grid half a beat when a trained network is sure of it and kicks do not explain why (NETWORK_PHASE). */
  networkPhase?: boolean;
};
/**
 * A grid whose every point has a kick, and nothing half-way, is the beat of a four-on-the-floor kick, unless the
 * snare's hits (onsets of the snare band where the kick band is not as loud) alternate half-way between them: then
 * the kicks are on every "and" and the snare marks 2 and 4. `fill`: share of grid points with a kick (one at least a
 * quarter of the loud kicks'); `onGrid`: how far the kicks lean onto the grid ((half-way − grid) / (half-way + grid)
 * at most −onGrid); `alternation`: the snare hits' alternation half-way minus on the grid, relative to their loud
 * hits (90th percentile). Chosen on the tuning half: with kicks filling the grid (0.75, 0.8), the grids to move
 * alternate by 0.04-0.89 and those to keep by 0.03 at most; 0.1 leaves room on both sides.
 */
type KickGridShift = { fill: number; onGrid: number; alternation: number };
export const LEVEL_TUNING: LevelTuning = {
  feature: 'accent',
  faster: 0.5,
  slower: 0.4,
  tempoFrom: 'all',
  beatFrom: 'accent',
  extend: true,
  backbeatShift: 0.27,
  swingShift: true,
  kickShift: { ratio: 4, keepBackbeat: 0.5 },
  kickGridShift: { fill: 0.75, onGrid: 0.8, alternation: 0.1 },
  networkPhase: true,
};
/**
 * A level change the off-beat ratios ask for is refused when this level's backbeat (measureBackbeat) is at least
 * `strength` and at least `ratio` times the other level's: kicks on the "and" or sparse off-beats mislead the ratios,
 * while snare and kick alternating from beat to beat mark the beat a listener taps.
 */
const BACKBEAT_HOLD = { strength: 0.8, ratio: 1.5 };
/**
 * The slower level is also taken when its off-beat ratio is under this, though not under LEVEL_TUNING.slower, and kick
 * and snare alternate more clearly there than at this level (measureBackbeat): the plucked eighths or brushed
 * sixteenths of a slow ballad leave the slower grid's half-way points a little too loud for the ratio alone, while the
 * snare on 2 and 4 over kicks on 1 and 3 marks the slow beat. Chosen on the tuning halves, in memory and via MP3: two
 * doubled ballads (and, via MP3, a doubled half-time groove) had ratios of 0.41-0.5 with the slower level's backbeat
 * ahead, while every grid with that lead at its right level had 0.56 or more in memory. 0.45 and 0.5 did alike; 0.55
 * halved a syncopated groove via MP3.
 */
const SLOWER_BACKBEAT_RATIO = 0.5;
/**
 * A snare quieter than the hats still marks the backbeat: the beats also move half a period (alignToBackbeat) when
 * the snare band alternates half-way at least `ratio` times as clearly as on the beats (each counted as at least
 * `floor`, so that a trace does not move a grid with no alternation at all) and by at least `gain` of the band's level.
 * Chosen on the tuning half: ratios 3-4 and gains 0.1-0.125 did alike (182 tracks); ratio 2 cost swing, 6 missed
 * soft snares, and gain 0.08 moved a backbeat that sat on the beats.
 */
const SOFT_BACKBEAT_SHIFT = { ratio: 4, gain: 0.125, floor: 0.02 };
/**
 * Off-beats this late in the beat (fraction) or later are swung eighths, so the grid already holds the beat and a soft
 * backbeat shift is not made: a kick on the "and" of 3 under a very soft snare alternates half-way too. Straight
 * eighths sit at 0.5; 0.54-0.57 did alike on the tuning half.
 */
const SWUNG_OFFBEAT_MIN = 0.55;
/**
 * The off-beats make a faster pulse only when nearly every one of them is marked: a move to the faster level needs at
 * least `filled` of the half-way points to carry an onset of at least `share` of the loud ones (measureHalfwayFill).
 * Kicks on some of the "and"s (on the "and" of 2 and 3, sixteenth funk figures) raise the off-beat ratio as much as a
 * faster pulse does but leave other half-way points empty, while half of a fast tempo has its kick or snare on every
 * one. Chosen on the tuning half: the moves that were right filled 0.93-1 at shares 0.2-0.3, the wrong ones (a tempo
 * of 85-99 BPM doubled) 0.26-0.76; shares 0.2-0.3 and filled 0.8-0.9 did alike, a share of 0.4 kept four fast
 * grooves (fast rock and four-on-the-floor at 180 BPM, a pushed four-on-the-floor) at half their tempo.
 */
const HALFWAY_PULSE = { share: 0.3, filled: 0.85 };
/** Tempi a listener can tap: variants outside are not offered. */
export const TAPPABLE_BPM: readonly [number, number] = [40, 220];
/**
 * The slowest tempo chosen as the beat: a slower pulse is taken an octave up (a slower one is still offered as a
 * variant when it can be tapped). The autocorrelation's strongest peak can be the bar's half where the drums mark little
 * else (a rim click on 3, a kick on 1, a snare on 3 of a half-time groove: 42-48 BPM for 85-95); no tuning or held-out
 * recipe is slower than 55 BPM, and the slow ballads the tracker is asked about run at 55-75.
 */
const SLOWEST_CHOSEN_BPM = 50;
/**
 * Below this tempo the beat moves up an octave when snare and kick alternate clearly there (BACKBEAT_HOLD): a
 * backbeat on 2 and 4 marks the beat, and slower tempi are rare outside ballads, whose backbeat is at their own level.
 */
const SLOWEST_UNMARKED_BPM = 70;
/**
 * Further below, a backbeat at twice the tempo nearly as clear as here (at least `strength`, and `ratio` times this
 * level's) is enough: the slower the level, the less a listener needs to tap the faster pulse. A swung shuffle's
 * eighths blur the beat's own periodicity, and a kick on 1 and 3 with a clap on 2 and 4 then reads as a bar-half pulse
 * (54-60 BPM for 108-120) whose backbeat is as clear as the beat's. Chosen on the tuning halves and the study draws only
 * (668 tracks): with strength and ratio 0.9, a limit of 60-64 BPM mends two grooves read at half their tempo there (110
 * BPM read at 55, a sampled one at 118 read at 59) and moves no track whose slow level is right. The margins are thin:
 * a ratio of 1 loses the first (0.93 of its backbeat at double), a ratio and strength of 0.8 move a ballad at 59 BPM
 * (0.88, strength 0.84), a limit of 65 one in triplets at 65 (0.89); the middle is taken.
 */
const SLOW_LEVEL_BACKBEAT = { belowBpm: 62, strength: 0.9, ratio: 0.9 };
/** Weight of the ×3/4 and ×4/3 variants (a pulse of dotted notes against the beat, or the beat against one). */
const DOTTED_SUPPORT = 0.05;
/**
 * Accents on every other beat of the slower level (strong and empty beats alternating by at least `alternation` of
 * their mean) mark only the bar, as kicks on the downbeat alone under pads do: the slower level is no pulse either,
 * and a move to it below `slowestBpm` (a tempo rare outside ballads, whose backbeat fills the beats) is refused.
 * Chosen on the tuning half: alternations 0.8-1.2 and 58-65 BPM did alike; 70 BPM kept a 67-BPM track at double.
 */
const BAR_ONLY = { alternation: 1, slowestBpm: 60 };
/**
 * Music that marks only its bars (a kick on the downbeat of most bars under pads and reverb, nothing on the other
 * beats) has no autocorrelation peak at its beat, and the tempo prior then picks a chance one: its onsets repeat most
 * clearly at the bar. When the highest peak among bar lengths (`shortestBarS`-`longestBarS`: four beats at about
 * 55-150 BPM) is at least `ratio` times the highest at any tapped beat period, the beat is a quarter of the bar (4/4).
 * Chosen on the tuning half: the bar peak is about 3-8 times the beat peak on fifteen sparse tracks and at most about
 * twice on every other (ballads, swing with a hat on the off-beat only); ratios 1.5-3 did alike (5 tracks mended, none
 * broken). `nearMax` (the shortest bar lag within 0.8 of the highest, not two bars) changed no tuning track.
 */
const BAR_PULSE = { ratio: 2.5, shortestBarS: 1.6, longestBarS: 4.4, nearMax: 0.8 };
/**
 * A beat whose drum onset strength (kick and snare bands) is below this share of the strong beats' (90th percentile)
 * has no onset of its own. Chosen on the tuning half: 0.3-0.5 did alike (F 0.9395-0.9401, 0.9392 at the 0.25 the
 * accent bands had); above, the steady synthesised grooves gain a little more by evening out ever more beats.
 */
const UNMARKED_BEAT_SHARE = 0.4;
/**
 * Marked beats whose period carries the grid over the unmarked beats before the first marked beat and after the last.
 * Chosen on the tuning half: 3, 5, 9 and all marked beats did alike (28 tracks mended, none broken); 8 follows a
 * drifting tempo.
 */
const END_MARKED_BEATS = 8;
/**
 * Intervals whose mean period carries the beats on into an intro or a coda with no beat chain (extendToSound).
 * Chosen on the tuning half: 4, 8 and 16 did alike (4 was the median of four whole-frame intervals before); 8 mended
 * three tracks and broke none.
 */
const EXTEND_INTERVALS = 8;
/**
 * The autocorrelation's strongest peak can be a period no one taps: the long part of swung eighths (about 0.64 of the
 * beat), or a dotted pulse (1.5 beats) in a syncopated pattern. Such a peak is replaced by another of the `candidates`
 * strongest peaks (prior-weighted, at least `minShare` of its own weight), not an octave of it, whose pulse train
 * meets the onsets at least `gain` more strongly (measurePulseTrain): a swung eighth's grid misses every other beat,
 * a beat's grid does not. Chosen on the tuning half: 4-10 candidates, shares 0.05-0.2 and gains 0.25-0.4 did alike
 * (2 tracks of 188 mended, none broken); a gain of 0.2 moved fast waltzes onto their dotted half notes.
 */
const PULSE_TRAIN_CHOICE = { candidates: 6, minShare: 0.1, gain: 0.3 };
/**
 * A beat divides the bar: music in four repeats its onsets at four beats (the bar) about as strongly as at its strongest
 * repetition among bar lengths (BAR_PULSE). A period whose four lengths repeat less than `share` of that is no beat a
 * 4/4 listener taps but a pulse across the bar: a dotted quarter (1.5 beats) of kicks on the "and"s, three or five
 * sixteenths (0.75, 1.25 beats) of the dembow's 3+3+2. It is replaced by the autocorrelation peak near 2/3, 3/4, 4/5,
 * 3/2, 4/3 or 5/4 of it that repeats most at the bar and the half bar (the ACF within ±`reach` of four and two periods,
 * relative to the same highest bar repetition), if that one repeats at the bar by at least `share`; octaves are the
 * level decision's. Chosen on the tuning half: the periods off the bar repeated 0.01-0.43 at four periods, every period
 * at the right level or an octave of it 0.50 or more (0.67 or more at the right level, a tempo step the lowest); shares
 * 0.45-0.6 and reaches 0.01-0.03 did alike (3 tracks mended to their level, none broken). The bar repetition alone,
 * without the half bar, took a dotted quarter of a dembow (its onsets repeat every half bar, so also at six beats).
 */
const BAR_FIT = { share: 0.55, reach: 0.02 };
/** Period ratios of the pulses across the bar that BAR_FIT replaces, and of the beats it replaces them with. */
const ACROSS_BAR_RATIOS = [2 / 3, 3 / 4, 4 / 5, 3 / 2, 4 / 3, 5 / 4];
/** Fastest tempo the level decision may move to. */
const FASTEST_BEAT_BPM = 200;
/** Slowest tempo the level decision measures a slower level at. */
const MIN_BEAT_BPM = 45;
/**
 * Slowest tempo a move to the slower level may reach: below it a listener taps the faster level, though its off-beats
 * are weak (a skank's keys on every "and", a funk kick figure). The slower level is still measured down to MIN_BEAT_BPM,
 * so that its fit keeps this level from moving faster. Chosen on the tuning half: every move below 52 BPM was wrong
 * (syncopated grooves at 91-102 BPM halved to 46-51) and the slowest right one reached 58 BPM (ballads); 52-58 did alike.
 */
const SLOWEST_MOVE_BPM = 54;
/**
 * Beats in a section the swing shift looks at on its own when the whole track shows no swung off-beats under the beats.
 * Chosen on the tuning half: 8-16 did alike (a slow shuffle whose chain slipped onto the late off-beats half-way through
 * mended), 24 and more missed it.
 */
const SWING_SECTION_BEATS = 12;
/**
 * The dynamic programme ends its chain on a strong last onset, and when that lies off the beat (a kick on the "and" of
 * 4) it bends the last beats towards it, each interval a few per cent longer or shorter. When the last `beats` beats
 * drift steadily (no step back by more than `slack` of a period) from the grid of the `fitIntervals` intervals before
 * them, by at least `share` of a period at the last beat, and the onsets (whole spectrum) are at least as strong on
 * that grid, the grid is carried on instead; a real slowing down at the end keeps its onsets on the bent beats.
 * Chosen on the tuning half: 10-14 beats and shares 0.15-0.35 did alike (8 tracks mended); 16 beats mended none.
 */
const TAIL_BEND = { beats: 12, share: 0.25, slack: 0.05, fitIntervals: 16 };
/**
 * A listener puts the beat where the snare's backbeat falls, kicks on the "and"s or not. The snare's kick-free hits are
 * the snare band's onsets (peaks within ±2 frames) at the beats and half-way between them where the kick band stays
 * below `kickShare` of its loud hits (90th percentile), so that a kick's click in the snare band does not count. The
 * beats move half a period when those hits alternate half-way between them as a backbeat does: at least `ratio` times
 * as much as on the beats, clearly (alternation at least `clarity` times their mean there), by at least `strength` of
 * the snare band's loud onsets (a trace moves nothing), and point by point: the share of the even half-way points
 * marked (a hit of at least `markShare` of the loud hits, 90th percentile over both grids) and that of the odd ones
 * differ by at least `marked`, where a few fills or a pad's soft attacks mark points at random. Chosen on the tuning
 * half: clarity 0.9-1.2 did alike (5 tracks mended, none broken; 1.3-1.4 mended 4, and at 0.8 a rock groove of the
 * unit tests moved); markShare 0.5-0.7 and marked 0.5 broke none, 0.3 for either broke two (a rock groove, a ballad),
 * marked 0.7 mended one fewer; ratios 1.25-1.5 and strengths 0.05-0.1 did alike (ratio 2 and strength 0.15 mended
 * fewer); kick shares 0.15-0.25 did alike. Without the marks the mean alone moved a backbeat groove after a drumless
 * intro of pads and bells.
 */
const KICK_FREE_BACKBEAT = { kickShare: 0.25, ratio: 1.5, clarity: 1, strength: 0.1, markShare: 0.5, marked: 0.5 };
/**
 * A snare 5-8 dB down under loud hats may not stand out in the snare band, whose upper part the hats fill, but still
 * does below them, in the accent bands (under 2 kHz). Its kick-free hits are looked for there too (KICK_FREE_BACKBEAT)
 * when the snare band moves nothing, with the marks required on at least this much more of the even half-way points
 * than of the odd ones: bass notes and the kicks' tails also mark the accent bands half-way now and then. Chosen on the
 * tuning half: 0.6-0.95 did alike (2 tracks mended, none broken); at the snare band's 0.5 two steady grooves moved.
 * Strengths 0-0.1 did alike there, so the snare band's other constants are kept.
 */
const ACCENT_KICK_FREE_MARKED = 0.8;
/**
 * A snare that alternates half-way between the beats is taken for a backbeat on 2 and 4, and the beats move half a
 * period onto it (alignToBackbeat, moveOffKickGrid, moveOntoKickFreeBackbeat). Reggaeton's dembow alternates there too
 * (its snare on the "and" of 2 and 4 over a kick on every beat) but also on the "a" of 1 and 3, a sixteenth that a
 * backbeat leaves alone or fills with quiet ghost notes; a kick on the "a" of 3 in some bars under a soft snare does
 * alike. No such move is made when the snare band alternates on a sixteenth at least `ratio` times as much as half-way
 * and by at least `clarity` of its level there (isSnareSixteenthFigure). Chosen on the tuning half: the dembows moved
 * off their beat alternated 0.99-1.15 times as much on the sixteenth (by 1.8-2 of its level), the grooves rightly
 * moved 0.63 at most, but for a snare 10-18 dB under loud hats that hardly alternates anywhere (ratio 75 by chance,
 * clarity 0.24); ratios 0.8-0.95 and clarities 0.3-0.7 did alike (5 tracks mended, none broken), a ratio of 0.7 kept
 * kicks on the "and"s under a soft snare half a beat off, and without the clarity the faint snare stayed off too.
 */
const SIXTEENTH_FIGURE = { ratio: 0.8, clarity: 0.5 };
/**
 * A backbeat sets the level: a listener taps the beat whose every other one the snare marks (2 and 4), whatever the
 * kicks, hats and bass do. The snare's hits (findSnareHits) are read at the beats and half-way between them; a hit of
 * at least `markShare` of the loud ones (95th percentile: a backbeat marks only one point in four or eight) marks its
 * point. When one point in every k (2, 4 or 8) is marked in at least `marked` of its turns and every other point in at
 * most `unmarked`, the snare repeats every k/2 beats, and the level moves to the one at which it marks every other
 * beat: down from above `slowerAboveBpm`, up from below `fasterBelowBpm` (in between, the octave rules' choice holds: a
 * snare on 3 alone is as common there as one on 2 and 4 an octave away; one in 16: HALF_TIME_SNARE_SLOWER_ABOVE_BPM).
 * Chosen on the tuning halves of the in-house set and of the sampled kits (dev/sampled): five sampled grooves mended to
 * their level (kicks on the "and"s with a loud snare, a jazz ride with the snare comping, a breakbeat), none broken on
 * either; markShare 0.5-0.6, marked 0.75-0.85, unmarked 0.15-0.25, slowerAboveBpm 140-165 and fasterBelowBpm 70-75 did
 * alike. Without the tempo bounds it moved 14 in-house grooves off their level (rock, shuffles, a skank and syncopated
 * grooves at 76-128 BPM); fasterBelowBpm 80 doubled a kick on the downbeats under pads at 76 BPM; markShare 0.7 broke
 * an in-house groove, 0.8 mended three fewer.
 */
const BACKBEAT_LEVEL = { markShare: 0.5, marked: 0.75, unmarked: 0.25, slowerAboveBpm: 150, fasterBelowBpm: 72 };
/**
 * A snare that marks one beat in eight (findSnareSpacingBeats) is a half-time snare on 3 heard at twice its tempo: the
 * level halves, to the one at which it marks one beat in four, from above this tempo (so from at least 60 BPM). On the
 * tuning halves of the in-house set and the sampled kits, and on their study draws (EvaluationHalf 'study'), it is
 * seen only on half-time grooves (a snare on 3 under eighth hats, 75-92 BPM) doubled to 148-183 BPM: four mended in
 * memory, no other track moved (through MP3 the two of the tuning half were right already, and one of the study draw's
 * is mended). Those tracks leave the bound free below 148; 120 keeps the halved tempo at 60 BPM or more.
 */
const HALF_TIME_SNARE_SLOWER_ABOVE_BPM = 120;
/**
 * The tempo reported, and the variants offered around it, follow the final beats when their median interval differs
 * from the chosen level's period by more than this share: the grid is evened out and carried on after the level is
 * chosen, and once in the 328 tracks of the tuning halves (a rim on 3 over a kick on 1) the period said 73.9 BPM while
 * the beats, right, were at 82.2 BPM. Within it the autocorrelation's finer period is kept (the median interval is a
 * whole number of frames).
 */
const BEATS_OWN_TEMPO = 0.04;
/** Constant shift added to every beat, calibrated on the tuning half (median signed error ≈ 0). */
export const BEAT_LATENCY_CORRECTION_S = 0.005;

/**
 * The Gaussian's reach, in standard deviations: librosa's kernel spans ±period (±32 σ), but beyond 6 σ its weights are
 * below 2·10⁻⁸ of the centre's and change no beat.
 */
const LOCAL_SCORE_REACH_SIGMAS = 6;

/** Onset envelope smoothed by a Gaussian of width period/32 and normalised by its standard deviation. */
function computeLocalScore(envelope: Float32Array, periodFrames: number): Float64Array {
  let mean = 0;
  for (const v of envelope) mean += v;
  mean /= envelope.length;
  let variance = 0;
  for (const v of envelope) variance += (v - mean) ** 2;
  const std = sqrt(variance / max(1, envelope.length - 1)) || 1;
  const half = min(round(periodFrames), round((LOCAL_SCORE_REACH_SIGMAS * periodFrames) / 32) + 1);
  const kernel = new Float64Array(2 * half + 1);
  for (let k = -half; k <= half; k++) kernel[k + half] = exp(-0.5 * ((k * 32) / periodFrames) ** 2);
  const score = new Float64Array(envelope.length);
  for (let i = 0; i < envelope.length; i++) {
    let sum = 0;
    const from = max(-half, -i);
    const to = min(half, envelope.length - 1 - i);
    for (let k = from; k <= to; k++) sum += kernel[k + half] * envelope[i + k];
    score[i] = sum / std;
  }
  return score;
}

/** Ellis (2007) dynamic programme: best beat chain through `localScore` at `periodFrames` spacing. */
function runBeatProgramme(localScore: Float64Array, periodFrames: number): number[] {
  const n = localScore.length;
  const cumScore = new Float64Array(n);
  const backlink = new Int32Array(n).fill(-1);
  const minStep = max(1, round(periodFrames / 2));
  const maxStep = round(2 * periodFrames);
  const penalty = new Float64Array(maxStep + 1);
  for (let step = minStep; step <= maxStep; step++) penalty[step] = -TIGHTNESS * log(step / periodFrames) ** 2;
  let maxLocal = 0;
  for (const v of localScore) maxLocal = max(maxLocal, v);
  let isFirstBeat = true;
  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    let bestPrev = -1;
    for (let step = minStep; step <= maxStep && i - step >= 0; step++) {
      const candidate = cumScore[i - step] + penalty[step];
      if (candidate > best) [best, bestPrev] = [candidate, i - step];
    }
    if (bestPrev < 0) best = 0;
    cumScore[i] = localScore[i] + best;
    if (isFirstBeat && localScore[i] < 0.01 * maxLocal) backlink[i] = -1;
    else {
      backlink[i] = bestPrev;
      isFirstBeat = false;
    }
  }
  return backtrackBeats(cumScore, backlink);
}

/** Last strong local maximum of the cumulative score, followed back through the links. */
function backtrackBeats(cumScore: Float64Array, backlink: Int32Array): number[] {
  const maxima: number[] = [];
  for (let i = 1; i < cumScore.length - 1; i++) {
    if (cumScore[i] > cumScore[i - 1] && cumScore[i] >= cumScore[i + 1]) maxima.push(i);
  }
  if (maxima.length === 0) return [];
  const sorted = maxima.map((i) => cumScore[i]).sort((a, b) => a - b);
  const median = sorted[floor(sorted.length / 2)];
  let last = maxima[maxima.length - 1];
  for (let j = maxima.length - 1; j >= 0; j--) {
    if (cumScore[maxima[j]] * 2 > median) {
      last = maxima[j];
      break;
    }
  }
  const beats = [last];
  while (backlink[beats[beats.length - 1]] >= 0) beats.push(backlink[beats[beats.length - 1]]);
  return beats.reverse();
}

/** Drops weak beats at both ends (Hann-smoothed local score below half its RMS). */
function trimWeakBeats(localScore: Float64Array, beats: number[]): number[] {
  if (beats.length < 3) return beats;
  const hann = [0.25, 0.75, 1, 0.75, 0.25];
  const values = beats.map((b) => localScore[b]);
  const smooth = values.map((_, i) => hann.reduce((s, w, k) => s + w * (values[i + k - 2] ?? 0), 0));
  const threshold = 0.5 * sqrt(smooth.reduce((s, v) => s + v * v, 0) / smooth.length);
  let start = 0;
  let end = beats.length;
  while (start < end && smooth[start] <= threshold) start++;
  while (end > start && smooth[end - 1] <= threshold) end--;
  return beats.slice(start, end);
}

/** Onset strength half-way between beats relative to the strength at beats (peaks within ±2 frames). */
export function measureOffbeatRatio(envelope: Float32Array, beatFrames: number[]): number {
  let [onBeat, offBeat] = [1e-9, 0];
  for (let i = 0; i + 1 < beatFrames.length; i++) {
    onBeat += peakNear(envelope, beatFrames[i]);
    offBeat += peakNear(envelope, round((beatFrames[i] + beatFrames[i + 1]) / 2));
  }
  return offBeat / onBeat;
}

/** Onset strength above its local mean over ±`halfWindow` frames (clamped at 0): isolated hits stand out. */
function removeLocalMean(signal: Float32Array, halfWindow: number): Float32Array {
  const prefix = new Float64Array(signal.length + 1);
  for (let i = 0; i < signal.length; i++) prefix[i + 1] = prefix[i] + signal[i];
  const out = new Float32Array(signal.length);
  for (let i = 0; i < signal.length; i++) {
    const from = max(0, i - halfWindow);
    const to = min(signal.length, i + halfWindow + 1);
    out[i] = max(0, signal[i] - (prefix[to] - prefix[from]) / (to - from));
  }
  return out;
}

/** Beat frames for a period: local score, dynamic programme, trimming of weak ends. */
function findBeatFrames(envelope: Float32Array, periodFrames: number): number[] {
  const localScore = computeLocalScore(envelope, periodFrames);
  return trimWeakBeats(localScore, runBeatProgramme(localScore, periodFrames));
}

/** Onset times (frames) peak-picked from the envelope: local maxima ±3 frames, above the ±10-frame mean + 0.07·max. */
function pickOnsetFrames(envelope: Float32Array): number[] {
  let peak = 0;
  for (const v of envelope) peak = max(peak, v);
  if (peak <= 0) return [];
  const onsets: number[] = [];
  for (let i = 1; i < envelope.length - 1; i++) {
    const v = envelope[i];
    let isMax = true;
    for (let k = max(0, i - 3); k <= min(envelope.length - 1, i + 3) && isMax; k++) {
      if (envelope[k] > v || (k < i && envelope[k] === v)) isMax = false;
    }
    if (!isMax) continue;
    let sum = 0;
    const [from, to] = [max(0, i - 10), min(envelope.length - 1, i + 10)];
    for (let k = from; k <= to; k++) sum += envelope[k];
    if (v < sum / (to - from + 1) + 0.07 * peak) continue;
    if (onsets.length && i - onsets[onsets.length - 1] < 3) continue;
    onsets.push(i);
  }
  return onsets;
}

/** Every other beat, on the phase whose kick/snare accents are stronger. */
function takeEveryOther(accent: Float32Array, beatFrames: number[]): number[] {
  const phases = [0, 1].map((phase) => beatFrames.filter((_, i) => i % 2 === phase));
  const strength = phases.map((frames) => frames.reduce((s, f) => s + peakNear(accent, f), 0) / max(1, frames.length));
  return strength[0] >= strength[1] ? phases[0] : phases[1];
}

/** Beats and half-way points. */
function subdivide(beatFrames: number[]): number[] {
  return beatFrames.flatMap((frame, i) =>
    i + 1 < beatFrames.length ? [frame, round((frame + beatFrames[i + 1]) / 2)] : [frame],
  );
}

/** Beat positions of a mono signal with the metrical level decided from the onset accents, and its variants. */
export function trackBeats(mono: Float32Array, sampleRateHz: number, tuning = LEVEL_TUNING): BeatAnalysis {
  return trackBeatsInBands(computeOnsetBands(mono, sampleRateHz), mono.length / sampleRateHz, tuning);
}

/** Beats of an audio file, the onset envelope computed while the file decodes (see streamMonoPcm). */
export async function trackFileBeats(
  path: string,
  { tuning = LEVEL_TUNING, ...options }: Omit<StreamOptions, 'sampleRateHz'> & { tuning?: LevelTuning } = {},
): Promise<BeatAnalysis & { durationS: number }> {
  let stream: OnsetStream | null = null;
  const { durationS } = await streamMonoPcm(path, { ...options, sampleRateHz: ANALYSIS_RATE_HZ }, (rateHz) => {
    const opened = new OnsetStream(rateHz);
    stream = opened;
    return (samples) => opened.push(samples);
  });
  const bands = (stream as OnsetStream | null)?.finish();
  if (!bands) throw new Error(`No audio in ${path}`);
  return { ...trackBeatsInBands(bands, durationS, tuning), durationS };
}

/** trackBeats from precomputed onset bands (the tuning search reuses them). */
export function trackBeatsInBands(bands: OnsetBands, durationS: number, tuning = LEVEL_TUNING): BeatAnalysis {
  const { envelope, frameRateHz } = bands;
  const framesPerMinute = 60 * frameRateHz;
  const toSeconds = (frames: number[]) =>
    frames
      .map((frame) => round2(frame / frameRateHz + BEAT_LATENCY_CORRECTION_S))
      .filter((t, i, all) => t >= 0 && t <= durationS && (i === 0 || t > all[i - 1]));
  const onsetsS = toSeconds(pickOnsetFrames(envelope));
  const tempoSource =
    tuning.tempoFrom === 'mix'
      ? mixEnvelopes(envelope, bands.accent)
      : tuning.tempoFrom === 'accent'
        ? bands.accent
        : envelope;
  const { acf, periodFrames: acfPeriod } = estimateTempo(tempoSource, frameRateHz, BAR_PULSE.longestBarS);
  // Music that marks only its bars (a kick on the downbeat under pads) gives no beat-level peak to trust.
  const barPeaks = findBarPeaks(acf, frameRateHz);
  const initialPeriod =
    findBarPulsePeriod(acf, barPeaks, frameRateHz) ?? preferPulseTrainPeriod(acf, envelope, acfPeriod, framesPerMinute);
  if (!envelope.some((v) => v > 0)) {
    const bpm = round2(framesPerMinute / initialPeriod);
    return {
      beatsS: [],
      tempoBpm: bpm,
      tempoAlternativesBpm: [],
      variants: [{ factor: 1, bpm, confidence: 0, beatsS: [] }],
      onsetsS,
    };
  }
  const accent = removeLocalMean(bands.accent, round(frameRateHz / 2));
  const feature = tuning.feature === 'accent' ? accent : envelope;
  const bpmOf = (periodFrames: number) => framesPerMinute / periodFrames;
  // A dotted pulse or three sixteenths across the bar are no beat of it (BAR_FIT).
  let periodFrames = preferBarDividingPeriod(acf, barPeaks.highest, initialPeriod, frameRateHz);
  const beatSource =
    tuning.beatFrom === 'mix'
      ? mixEnvelopes(envelope, bands.accent)
      : tuning.beatFrom === 'accent'
        ? bands.accent
        : envelope;
  // The beat chain of each period tried, computed once: the level decision and the variants ask again for some.
  const chains = new Map<number, number[]>();
  const beatFramesAt = (period: number) => {
    let frames = chains.get(period);
    if (!frames) chains.set(period, (frames = findBeatFrames(beatSource, period)));
    return frames;
  };
  let beatFrames = beatFramesAt(periodFrames);
  const slowerPeriod = refineLag(acf, periodFrames * 2).lag;
  const fasterPeriod = refineLag(acf, periodFrames / 2).lag;
  const slowerFrames = bpmOf(slowerPeriod) >= MIN_BEAT_BPM ? beatFramesAt(slowerPeriod) : [];
  const slowerRatio = slowerFrames.length > 2 ? measureOffbeatRatio(feature, slowerFrames) : 1;
  const ratio = measureOffbeatRatio(feature, beatFrames);
  let margin = min(slowerRatio - tuning.slower, tuning.faster - ratio);
  const snare = removeLocalMean(bands.snare, round(frameRateHz / 2));
  const kick = removeLocalMean(bands.kick, round(frameRateHz / 2));
  const backbeatOf = (frames: number[]) => (frames.length > 4 ? measureBackbeat(snare, kick, frames) : 0);
  const backbeat = backbeatOf(beatFrames);
  const holdsBackbeat = (otherBackbeat: () => number) =>
    backbeat >= BACKBEAT_HOLD.strength && otherBackbeat() * BACKBEAT_HOLD.ratio <= backbeat;
  // Measured once, when one of the two questions about the slower level below asks for it.
  let slowerBackbeatValue: number | undefined;
  const slowerBackbeat = () => (slowerBackbeatValue ??= backbeatOf(slowerFrames));
  // The slower level's backbeat may take it where its off-beat ratio alone does not (SLOWER_BACKBEAT_RATIO).
  if (slowerRatio < tuning.slower || (slowerRatio < SLOWER_BACKBEAT_RATIO && slowerBackbeat() > backbeat)) {
    const slowerBpm = bpmOf(slowerPeriod);
    const isTooSlow = slowerBpm < SLOWEST_MOVE_BPM || isMarkingBarsOnly(feature, slowerFrames, slowerBpm);
    if (!isTooSlow && !holdsBackbeat(slowerBackbeat))
      [periodFrames, beatFrames, margin] = [slowerPeriod, slowerFrames, tuning.slower - slowerRatio];
  } else if (
    bpmOf(fasterPeriod) <= FASTEST_BEAT_BPM &&
    ratio >= tuning.faster &&
    measureHalfwayFill(feature, beatFrames, HALFWAY_PULSE.share) >= HALFWAY_PULSE.filled &&
    !holdsBackbeat(() => backbeatOf(beatFramesAt(fasterPeriod)))
  ) {
    periodFrames = fasterPeriod;
    beatFrames = beatFramesAt(periodFrames);
    margin = ratio - tuning.faster;
  }
  if (bpmOf(periodFrames) < SLOWEST_UNMARKED_BPM) {
    const fasterNow = refineLag(acf, periodFrames / 2).lag;
    const fasterFrames = beatFramesAt(fasterNow);
    const [here, there] = [backbeatOf(beatFrames), backbeatOf(fasterFrames)];
    const { belowBpm, strength, ratio: slowRatio } = SLOW_LEVEL_BACKBEAT;
    if (
      (there >= BACKBEAT_HOLD.strength && there >= BACKBEAT_HOLD.ratio * here) ||
      (bpmOf(periodFrames) < belowBpm && there >= strength && there >= slowRatio * here)
    )
      [periodFrames, beatFrames] = [fasterNow, fasterFrames];
  }
  // The snare's hits no kick sounds with, read by the level rule below and by two of the phase rules.
  const snareHits = findSnareHits(snare, kick);
  const snareSpacing = findSnareSpacingBeats(snareHits, beatFrames);
  const bpmNow = bpmOf(periodFrames);
  const levelFactor =
    (snareSpacing === 4 && bpmNow > BACKBEAT_LEVEL.slowerAboveBpm) ||
    (snareSpacing === 8 && bpmNow > HALF_TIME_SNARE_SLOWER_ABOVE_BPM)
      ? 2
      : snareSpacing === 1 && bpmNow < BACKBEAT_LEVEL.fasterBelowBpm
        ? 0.5
        : 1;
  if (levelFactor !== 1) {
    const period = refineLag(acf, periodFrames * levelFactor).lag;
    if (isTappable(bpmOf(period))) [periodFrames, beatFrames] = [period, beatFramesAt(period)];
  }
  // The chosen level is one a listener taps (SLOWEST_CHOSEN_BPM, TAPPABLE_BPM): a slower pulse is taken an octave up, a
  // faster one down.
  for (let octaves = 0; octaves < 2; octaves++) {
    const bpm = bpmOf(periodFrames);
    const lagScale = bpm < SLOWEST_CHOSEN_BPM ? 0.5 : bpm > TAPPABLE_BPM[1] && 2 * periodFrames < acf.length ? 2 : 0;
    if (lagScale === 0) break;
    periodFrames = refineLag(acf, periodFrames * lagScale).lag;
    beatFrames = beatFramesAt(periodFrames);
  }
  if (tuning.swingShift) beatFrames = moveSectionsOffSwungOffbeats(envelope, beatFrames);
  const unshifted = beatFrames;
  const playsFigure = isSnareSixteenthFigure(snare, beatFrames);
  if (tuning.backbeatShift !== undefined && !playsFigure)
    beatFrames = alignToBackbeat(beatSource, envelope, snare, beatFrames, tuning.backbeatShift);
  // A grid the backbeat has just moved stays: kicks may fall on the "and" when the snare marks 2 and 4.
  if (tuning.kickShift && beatFrames === unshifted)
    beatFrames = alignToKicks(kick, snare, snareHits, beatFrames, tuning.kickShift);
  if (tuning.kickGridShift && beatFrames === unshifted && !playsFigure)
    beatFrames = moveOffKickGrid(kick, snareHits, beatFrames, tuning.kickGridShift);
  if (beatFrames === unshifted && !playsFigure) beatFrames = moveOntoKickFreeBackbeat(kick, snare, beatFrames);
  // A snare under loud hats may stand out only below them, in the accent bands (ACCENT_KICK_FREE_MARKED).
  if (beatFrames === unshifted && !playsFigure)
    beatFrames = moveOntoKickFreeBackbeat(kick, accent, beatFrames, ACCENT_KICK_FREE_MARKED);
  beatFrames = straightenBentTail(beatFrames, envelope);
  beatFrames = evenOutUnmarkedBeats(mixEnvelopes(kick, snare), beatFrames);
  const soundSpan = findSoundSpan(envelope);
  if (tuning.extend) beatFrames = extendToSound(beatFrames, soundSpan);
  if (
    tuning.networkPhase &&
    bands.signal &&
    isNetworkAgainstPhase(bands.signal, beatFrames, frameRateHz, kick, BEAT_LATENCY_CORRECTION_S)
  ) {
    beatFrames = halfwayPoints(beatFrames);
    if (tuning.extend) beatFrames = extendToSound(beatFrames, soundSpan);
  }
  // The tempo shown is the beats' own (BEATS_OWN_TEMPO): the moves after the level decision may leave its period behind.
  const beatsPeriod = quantile(
    beatFrames.slice(1).map((frame, i) => frame - beatFrames[i]),
    0.5,
  );
  if (beatsPeriod > 0 && abs(beatsPeriod / periodFrames - 1) > BEATS_OWN_TEMPO) periodFrames = beatsPeriod;
  const tempoBpm = bpmOf(periodFrames);
  const chosenConfidence = max(0.05, min(0.95, 0.5 + margin));
  const ratioHere = measureOffbeatRatio(feature, beatFrames);
  const halfFrames = takeEveryOther(accent, beatFrames);
  const ratioHalf = measureOffbeatRatio(feature, halfFrames);
  const candidates: Array<{ factor: number; frames: number[]; support: number }> = [
    { factor: 0.5, frames: halfFrames, support: max(0.05, 1 - ratioHalf) },
    { factor: 2, frames: subdivide(beatFrames), support: max(0.05, ratioHere) },
  ];
  const tripleSupport = isTripleLikely(bands.accent, periodFrames) ? 0.3 : 0.1;
  for (const [factor, support] of [
    [2 / 3, tripleSupport],
    [3 / 2, tripleSupport],
    [3 / 4, DOTTED_SUPPORT],
    [4 / 3, DOTTED_SUPPORT],
  ]) {
    if (!isTappable(tempoBpm * factor)) continue;
    const period = refineLag(acf, periodFrames / factor).lag;
    candidates.push({ factor, frames: beatFramesAt(period), support });
  }
  const others = candidates
    .filter((c) => isTappable(tempoBpm * c.factor))
    .map((c) => ({ ...c, weight: c.support * weighTempo(tempoBpm * c.factor) }));
  const totalWeight = others.reduce((s, c) => s + c.weight, 0) || 1;
  const variants: TempoVariant[] = [
    { factor: 1, bpm: round2(tempoBpm), confidence: round2(chosenConfidence), beatsS: toSeconds(beatFrames) },
    ...others
      .map((c) => ({
        factor: round2(c.factor),
        bpm: round2(tempoBpm * c.factor),
        confidence: round2(((1 - chosenConfidence) * c.weight) / totalWeight),
        beatsS: toSeconds(c.frames),
      }))
      .sort((a, b) => b.confidence - a.confidence),
  ];
  return {
    beatsS: variants[0].beatsS,
    tempoBpm: variants[0].bpm,
    tempoAlternativesBpm: variants.slice(1).map((v) => v.bpm),
    variants,
    onsetsS,
  };
}

/**
 * Beats carried on at the mean period of their first (last) EXTEND_INTERVALS intervals back to the first sound and on
 * to the last: a tempo heard once the drums come in also holds in the pads-only intro before them. The period is not
 * rounded to whole frames, whose error (up to half a frame a beat) adds up over a long intro. The grid is not snapped
 * to onsets, so that the same music in another codec gets the same added beats.
 */
function extendToSound(beatFrames: number[], [firstSound, lastSound]: [number, number]): number[] {
  if (beatFrames.length < 5) return beatFrames;
  const meanInterval = (frames: number[]) => (frames[frames.length - 1] - frames[0]) / (frames.length - 1);
  const before: number[] = [];
  const startPeriod = meanInterval(beatFrames.slice(0, EXTEND_INTERVALS + 1));
  for (let frame = beatFrames[0] - startPeriod; frame >= firstSound - startPeriod / 4; frame -= startPeriod) {
    before.unshift(max(0, round(frame)));
  }
  const after: number[] = [];
  const endPeriod = meanInterval(beatFrames.slice(-EXTEND_INTERVALS - 1));
  for (
    let frame = beatFrames[beatFrames.length - 1] + endPeriod;
    frame <= lastSound + endPeriod / 4;
    frame += endPeriod
  ) {
    after.push(round(frame));
  }
  return [...before, ...beatFrames, ...after];
}

/** Strong and weak beats alternating in `signal`: |mean at even beats − mean at odd beats|, and the mean of both. */
function measureAlternation(signal: Float32Array, beatFrames: number[]): { alternation: number; level: number } {
  return measureValueAlternation(beatFrames.map((frame) => peakNear(signal, frame)));
}

/** Strong and weak values alternating: |mean of the even ones − mean of the odd ones|, and the mean of both. */
function measureValueAlternation(values: number[]): { alternation: number; level: number } {
  const sums = [0, 0];
  const counts = [1e-9, 1e-9];
  values.forEach((value, i) => {
    sums[i % 2] += value;
    counts[i % 2]++;
  });
  const [even, odd] = [sums[0] / counts[0], sums[1] / counts[1]];
  return { alternation: Math.abs(even - odd), level: (even + odd) / 2 };
}

/** True when `accent` marks only every other beat of `slowerFrames` at a tempo below BAR_ONLY.slowestBpm. */
function isMarkingBarsOnly(accent: Float32Array, slowerFrames: number[], slowerBpm: number): boolean {
  if (slowerFrames.length < 5 || slowerBpm >= BAR_ONLY.slowestBpm) return false;
  const { alternation, level } = measureAlternation(accent, slowerFrames);
  return alternation >= BAR_ONLY.alternation * level;
}

/**
 * Beats moved by half a period, onto the `beatSource` peak nearest each half-way point, when the snare/clap backbeat
 * alternates more clearly there than on the beats by `threshold` of the band's level, or much more clearly
 * (SOFT_BACKBEAT_SHIFT) while the onsets between the beats (`envelope`, whole spectrum) are not swung: kicks on the
 * "and" pull the tracker onto the off-beats.
 */
function alignToBackbeat(
  beatSource: Float32Array,
  envelope: Float32Array,
  snare: Float32Array,
  beatFrames: number[],
  threshold: number,
): number[] {
  if (beatFrames.length < 4) return beatFrames;
  const halfway = halfwayPoints(beatFrames).map((centre) => {
    let best = centre;
    for (let k = max(0, centre - 3); k <= min(beatSource.length - 1, centre + 3); k++)
      if (beatSource[k] > beatSource[best]) best = k;
    return best;
  });
  const [there, here] = [measureAlternation(snare, halfway), measureAlternation(snare, beatFrames)];
  const gain = (there.alternation - here.alternation) / (there.level + here.level + 1e-9);
  const { ratio, gain: softGain, floor: alternationFloor } = SOFT_BACKBEAT_SHIFT;
  const isSwung = () => findOffbeatPosition(envelope, beatFrames) >= SWUNG_OFFBEAT_MIN;
  const isSoftBackbeat =
    there.alternation >= ratio * (here.alternation + alternationFloor) && gain > softGain && !isSwung();
  return gain > threshold || isSoftBackbeat ? halfway : beatFrames;
}

/**
 * True when the snare band alternates from beat to beat on a sixteenth (a quarter of the beat after each beat, or three
 * quarters) at least SIXTEENTH_FIGURE.ratio times as much as half-way between the beats, and clearly (by at least
 * SIXTEENTH_FIGURE.clarity of its mean level there): the snare plays a figure such as the dembow's 3+3+2, not a backbeat.
 */
function isSnareSixteenthFigure(snare: Float32Array, beatFrames: number[]): boolean {
  if (beatFrames.length < 4) return false;
  const at = (phase: number) =>
    measureAlternation(
      snare,
      beatFrames.slice(0, -1).map((frame, i) => round(frame + phase * (beatFrames[i + 1] - frame))),
    );
  const [halfway, early, late] = [at(0.5), at(0.25), at(0.75)];
  const sixteenth = early.alternation >= late.alternation ? early : late;
  return (
    halfway.alternation > 0 &&
    sixteenth.alternation >= SIXTEENTH_FIGURE.ratio * halfway.alternation &&
    sixteenth.alternation >= SIXTEENTH_FIGURE.clarity * sixteenth.level
  );
}

/** First and last frame whose onset strength reaches 1 % of the largest: where the music starts and ends. */
function findSoundSpan(envelope: Float32Array): [number, number] {
  let peak = 0;
  for (const v of envelope) peak = max(peak, v);
  let [first, last] = [0, envelope.length - 1];
  while (first < last && envelope[first] < 0.01 * peak) first++;
  while (last > first && envelope[last] < 0.01 * peak) last--;
  return [first, last];
}

/** True for a tempo a listener can tap (TAPPABLE_BPM). */
function isTappable(bpm: number): boolean {
  return bpm >= TAPPABLE_BPM[0] && bpm <= TAPPABLE_BPM[1];
}

/** Sum of two envelopes, each scaled to unit mean. */
function mixEnvelopes(a: Float32Array, b: Float32Array): Float32Array {
  let [sumA, sumB] = [1e-9, 1e-9];
  for (let i = 0; i < a.length; i++) [sumA, sumB] = [sumA + a[i], sumB + b[i]];
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] * a.length) / sumA + (b[i] * b.length) / sumB;
  return out;
}

/** True when the kick/snare pattern repeats every three beats more than every two or four. */
function isTripleLikely(accent: Float32Array, periodFrames: number): boolean {
  const correlate = (lag: number) => {
    const l = round(lag);
    let sum = 0;
    for (let i = l; i < accent.length; i++) sum += accent[i] * accent[i - l];
    return sum / max(1, accent.length - l);
  };
  const [two, three, four] = [2, 3, 4].map((k) => correlate(k * periodFrames));
  return three > two && three > four;
}

/** Rounds to 2 decimals. */
function round2(value: number): number {
  return round(value * 100) / 100;
}

/**
 * Beats moved off swung off-beats (moveOffSwungOffbeats) over the whole track, or else section by section
 * (SWING_SECTION_BEATS): the beat chain may slip onto the late off-beats for part of a track only.
 */
function moveSectionsOffSwungOffbeats(envelope: Float32Array, beatFrames: number[]): number[] {
  const whole = moveOffSwungOffbeats(envelope, beatFrames);
  if (whole !== beatFrames || beatFrames.length < 2 * SWING_SECTION_BEATS) return whole;
  const out: number[] = [];
  for (let start = 0; start < beatFrames.length; start += SWING_SECTION_BEATS) {
    const section = beatFrames.slice(start, start + SWING_SECTION_BEATS + 1);
    out.push(...moveOffSwungOffbeats(envelope, section).slice(0, SWING_SECTION_BEATS));
  }
  return out.filter((frame, i) => i === 0 || frame > out[i - 1]);
}

/** Beats at the end carried on at the period of the beats before them when the chain bends away there (TAIL_BEND). */
function straightenBentTail(beatFrames: number[], envelope: Float32Array): number[] {
  const { beats: tail, share, slack, fitIntervals } = TAIL_BEND;
  if (beatFrames.length < tail + fitIntervals + 1) return beatFrames;
  const cut = beatFrames.length - tail;
  const anchor = beatFrames[cut - 1];
  const period = (anchor - beatFrames[cut - 1 - fitIntervals]) / fitIntervals;
  const drift = beatFrames.map((frame, i) => abs(frame - (anchor + (i - cut + 1) * period)) / period);
  if (drift[drift.length - 1] < share) return beatFrames;
  for (let i = cut + 1; i < beatFrames.length; i++) if (drift[i] + slack < drift[i - 1]) return beatFrames;
  const straight = beatFrames.map((frame, i) => (i < cut ? frame : round(anchor + (i - cut + 1) * period)));
  const isMarkedAsWell = meanPeakAt(envelope, straight.slice(cut)) >= meanPeakAt(envelope, beatFrames.slice(cut));
  return isMarkedAsWell ? straight : beatFrames;
}

/** Beats moved onto the onsets that follow swung off-beats (see findSwingOffset); unchanged when not swung. */
function moveOffSwungOffbeats(envelope: Float32Array, beatFrames: number[]): number[] {
  if (beatFrames.length < 4) return beatFrames;
  const offset = findSwingOffset(envelope, beatFrames);
  if (offset === 0) return beatFrames;
  return beatFrames.slice(0, -1).map((frame, i) => {
    const centre = round(frame + offset * (beatFrames[i + 1] - frame));
    let best = centre;
    for (let k = max(0, centre - 2); k <= min(envelope.length - 1, centre + 2); k++)
      if (envelope[k] > envelope[best]) best = k;
    return best;
  });
}

/**
 * Beats moved by half a period when the kick hits lie half-way between them (at least `ratio` times stronger there)
 * and no snare backbeat holds them where they are: kicks fall on the beat unless the snare on 2 and 4 says they are
 * pushed onto the "and"s. The snare band holds them when it alternates by `keepBackbeat` of its level; a snare too
 * faint for that (10-18 dB under loud hats) still holds them when its `hits` (findSnareHits) alternate on the beats at
 * least as clearly, relative to their level, as half-way.
 */
function alignToKicks(
  kick: Float32Array,
  snare: Float32Array,
  hits: Float32Array,
  beatFrames: number[],
  { ratio, keepBackbeat }: { ratio: number; keepBackbeat: number },
): number[] {
  if (beatFrames.length < 4) return beatFrames;
  const halfway = halfwayPoints(beatFrames);
  if (meanPeakAt(kick, halfway) < ratio * meanPeakAt(kick, beatFrames)) return beatFrames;
  const here = measureAlternation(snare, beatFrames);
  if (here.alternation >= keepBackbeat * here.level) return beatFrames;
  return measureRelativeAlternation(hits, beatFrames) >= measureRelativeAlternation(hits, halfway)
    ? beatFrames
    : halfway;
}

/**
 * How many beats of `beatFrames` apart the snare's hits (`snareHits`, findSnareHits) fall, read as BACKBEAT_LEVEL says:
 * 1, 2, 4 or 8, or 0 when they keep no such spacing. A spacing is read only from at least two whole turns of it.
 */
function findSnareSpacingBeats(snareHits: Float32Array, beatFrames: number[]): 0 | 1 | 2 | 4 | 8 {
  if (beatFrames.length < 9) return 0;
  const { markShare, marked, unmarked } = BACKBEAT_LEVEL;
  const points = subdivide(beatFrames);
  const hits = points.map((f) => peakNear(snareHits, f));
  const loud = quantile(hits, 0.95);
  if (loud <= 0) return 0;
  const marks = hits.map((v) => v >= markShare * loud);
  for (const spacing of [1, 2, 4, 8] as const) {
    const k = 2 * spacing;
    if (marks.length < 2 * k) break;
    const fills = Array.from({ length: k }, (_, phase) => {
      let [count, hit] = [0, 0];
      for (let i = phase; i < marks.length; i += k) [count, hit] = [count + 1, hit + (marks[i] ? 1 : 0)];
      return hit / max(1, count);
    }).sort((a, b) => b - a);
    if (fills[0] >= marked && fills[1] <= unmarked) return spacing;
  }
  return 0;
}

/** Alternation of `signal` from beat to beat relative to its level there (measureAlternation). */
function measureRelativeAlternation(signal: Float32Array, beatFrames: number[]): number {
  const { alternation, level } = measureAlternation(signal, beatFrames);
  return alternation / (level + 1e-9);
}

/** Snare hits: the snare band's onsets where the kick band is not as loud (both scaled to their mean). */
function findSnareHits(snare: Float32Array, kick: Float32Array): Float32Array {
  const [snareScale, kickScale] = [1 / meanOf(snare), 1 / meanOf(kick)];
  const hits = new Float32Array(snare.length);
  for (let i = 0; i < hits.length; i++) hits[i] = max(0, snare[i] * snareScale - kick[i] * kickScale);
  return hits;
}

/**
 * Beats moved half a period when the snare's hits that no kick sounds with alternate half-way between them as a backbeat
 * does (KICK_FREE_BACKBEAT): the beat chain follows kicks pushed onto the "and"s, and a snare too faint, or too muddied
 * by the kicks' clicks, for the snare band's own alternation (alignToBackbeat, alignToKicks) still marks 2 and 4.
 * `snare` is the band the hits are looked for in (the snare band, or the accent bands with a stricter `marked`).
 */
function moveOntoKickFreeBackbeat(
  kick: Float32Array,
  snare: Float32Array,
  beatFrames: number[],
  marked = KICK_FREE_BACKBEAT.marked,
): number[] {
  if (beatFrames.length < 4) return beatFrames;
  const { kickShare, markShare, ratio, clarity, strength } = KICK_FREE_BACKBEAT;
  const halfway = halfwayPoints(beatFrames);
  const points = [...beatFrames, ...halfway];
  const [loudKick, loudSnare] = [loudPeakAt(kick, points), loudPeakAt(snare, points)];
  const kickFree = (frames: number[]) =>
    frames.map((f) => (peakNear(kick, f) < kickShare * loudKick ? peakNear(snare, f) : 0));
  const [hereHits, thereHits] = [kickFree(beatFrames), kickFree(halfway)];
  const loudHit = quantile([...hereHits, ...thereHits], 0.9);
  const marks = thereHits.map((v) => (v >= markShare * loudHit ? 1 : 0));
  const there = measureValueAlternation(thereHits);
  const isBackbeat =
    loudHit > 0 &&
    measureValueAlternation(marks).alternation >= marked &&
    there.alternation >= clarity * there.level &&
    there.alternation >= ratio * measureValueAlternation(hereHits).alternation &&
    there.alternation >= strength * loudSnare;
  return isBackbeat ? halfway : beatFrames;
}

/**
 * Share of the points half-way between the beats with an onset of their own in `signal` (a peak of at least `share` of
 * the loud ones, 90th percentile over the beats and the half-way points).
 */
function measureHalfwayFill(signal: Float32Array, beatFrames: number[], share: number): number {
  const halfway = halfwayPoints(beatFrames);
  const loud = loudPeakAt(signal, [...beatFrames, ...halfway]);
  return halfway.filter((f) => peakNear(signal, f) >= share * loud).length / max(1, halfway.length);
}

/** How strong `signal`'s loud onsets are at `frames`: the 90th percentile of its peaks there. */
function loudPeakAt(signal: Float32Array, frames: number[]): number {
  return quantile(
    frames.map((f) => peakNear(signal, f)),
    0.9,
  );
}

/** The `q` quantile (0..1) of some values. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[floor(q * (sorted.length - 1))] ?? 0;
}

/**
 * Beats moved half a period when they sit on a kick on every "and" with the snare's `hits` (findSnareHits) between them
 * (KickGridShift).
 */
function moveOffKickGrid(
  kick: Float32Array,
  hits: Float32Array,
  beatFrames: number[],
  { fill, onGrid, alternation }: KickGridShift,
): number[] {
  if (beatFrames.length < 4) return beatFrames;
  const halfway = halfwayPoints(beatFrames);
  const kickAtBeats = beatFrames.map((f) => peakNear(kick, f));
  const loudKick = quantile(kickAtBeats, 0.9);
  const filled = kickAtBeats.filter((v) => v >= 0.25 * loudKick).length / kickAtBeats.length;
  const kickHere = kickAtBeats.reduce((sum, v) => sum + v, 0) / kickAtBeats.length;
  const kickThere = meanPeakAt(kick, halfway);
  const lean = (kickThere - kickHere) / (kickThere + kickHere + 1e-9);
  if (loudKick <= 0 || filled < fill || lean > -onGrid) return beatFrames;
  const loudHits = loudPeakAt(hits, [...beatFrames, ...halfway]);
  const gain = measureAlternation(hits, halfway).alternation - measureAlternation(hits, beatFrames).alternation;
  return loudHits > 0 && gain >= alternation * loudHits ? halfway : beatFrames;
}

/**
 * Beats without a drum onset of their own (`drums` below UNMARKED_BEAT_SHARE) placed evenly between the nearest beats
 * that have one: a listener keeps the pulse steady through the silent beats between kicks on the downbeat and through
 * an intro of pads, whose soft chord changes the beat chain otherwise follows, wandering by up to 150 ms. Those before
 * the first marked beat and after the last carry the grid on at the period of the END_MARKED_BEATS marked beats nearest
 * them, as the chain, with nothing to hold it, drifts there too.
 */
function evenOutUnmarkedBeats(drums: Float32Array, beatFrames: number[]): number[] {
  if (beatFrames.length < 3) return beatFrames;
  const strengths = beatFrames.map((f) => peakNear(drums, f));
  const threshold = UNMARKED_BEAT_SHARE * quantile(strengths, 0.9);
  const out = beatFrames.slice();
  const marked: number[] = [];
  for (let i = 0; i < beatFrames.length; i++) {
    if (strengths[i] < threshold) continue;
    const last = marked.length ? marked[marked.length - 1] : -1;
    for (let k = last + 1; last >= 0 && k < i; k++)
      out[k] = round(beatFrames[last] + ((beatFrames[i] - beatFrames[last]) * (k - last)) / (i - last));
    marked.push(i);
  }
  if (marked.length < 2) return out;
  const periodOver = (indices: number[]) =>
    (beatFrames[indices[indices.length - 1]] - beatFrames[indices[0]]) / (indices[indices.length - 1] - indices[0]);
  const [first, last] = [marked[0], marked[marked.length - 1]];
  const [headPeriod, tailPeriod] = [
    periodOver(marked.slice(0, END_MARKED_BEATS)),
    periodOver(marked.slice(-END_MARKED_BEATS)),
  ];
  for (let k = 0; k < first; k++) out[k] = round(beatFrames[first] - (first - k) * headPeriod);
  for (let k = last + 1; k < beatFrames.length; k++) out[k] = round(beatFrames[last] + (k - last) * tailPeriod);
  return out;
}

/** Mean onset strength (peaks within ±2 frames) on a grid of `period` frames, at the phase where it is largest. */
function measurePulseTrain(signal: Float32Array, period: number): number {
  let best = 0;
  const step = max(1, floor(period / 24));
  for (let phase = 0; phase < period; phase += step) {
    let [sum, count] = [0, 0];
    for (let t = phase; t < signal.length; t += period) {
      sum += peakNear(signal, round(t));
      count++;
    }
    if (count > 0) best = max(best, sum / count);
  }
  return best;
}

/** Lags of the local maxima of the ACF between TAPPABLE_BPM, weighted by the tempo prior (weighTempo), strongest first. */
function findWeightedAcfPeaks(acf: Float64Array, framesPerMinute: number): Array<{ lag: number; weight: number }> {
  const minLag = max(2, floor(framesPerMinute / TAPPABLE_BPM[1]));
  const maxLag = min(acf.length - 2, floor(framesPerMinute / TAPPABLE_BPM[0]));
  const peaks: Array<{ lag: number; weight: number }> = [];
  for (let lag = minLag; lag <= maxLag; lag++)
    if (acf[lag] > 0 && acf[lag] > acf[lag - 1] && acf[lag] >= acf[lag + 1])
      peaks.push({ lag, weight: acf[lag] * weighTempo(framesPerMinute / lag) });
  return peaks.sort((a, b) => b.weight - a.weight);
}

/** True for a ratio of two periods that is 1, ½ or 2 (±8 %), or beyond ½–2: the level decision chooses among octaves. */
function isOctaveOrFar(ratio: number): boolean {
  return ratio < 0.45 || ratio > 2.2 || [0.5, 1, 2].some((octave) => abs(ratio / octave - 1) < 0.08);
}

/** The beat period to track: the ACF's, or a stronger pulse train among its other peaks (PULSE_TRAIN_CHOICE). */
function preferPulseTrainPeriod(
  acf: Float64Array,
  envelope: Float32Array,
  period: number,
  framesPerMinute: number,
): number {
  const { candidates, minShare, gain } = PULSE_TRAIN_CHOICE;
  const peaks = findWeightedAcfPeaks(acf, framesPerMinute);
  const ownWeight = peaks.find((p) => abs(p.lag - period) <= 1.5)?.weight ?? peaks[0]?.weight ?? 0;
  let [best, bestPulse] = [period, measurePulseTrain(envelope, period)];
  for (const peak of peaks.slice(0, candidates)) {
    if (isOctaveOrFar(peak.lag / period) || peak.weight < minShare * ownWeight) continue;
    const lag = refineLag(acf, peak.lag).lag;
    const pulse = measurePulseTrain(envelope, lag);
    if (pulse >= (1 + gain) * bestPulse) [best, bestPulse] = [lag, pulse];
  }
  return best;
}

/**
 * The beat period (frames) of music that marks only its bars: when the onsets' autocorrelation (`acf`) peaks at a bar's
 * length (BAR_PULSE) at least `ratio` times as high as anywhere among the beat periods a listener taps, the beat is a
 * quarter of that bar (of the shortest bar lag within `nearMax` of the highest, so that two bars are not taken for
 * one). Null otherwise.
 */
function findBarPulsePeriod(acf: Float64Array, barPeaks: BarPeaks, frameRateHz: number): number | null {
  const { ratio, nearMax } = BAR_PULSE;
  let beatMax = 0;
  const lastBeatLag = min(acf.length - 1, ceil((60 / TAPPABLE_BPM[0]) * frameRateHz));
  for (let lag = floor((60 / TAPPABLE_BPM[1]) * frameRateHz); lag <= lastBeatLag; lag++)
    beatMax = max(beatMax, acf[lag]);
  const { lags: peaks, highest: barMax } = barPeaks;
  if (barMax <= 0 || barMax < ratio * beatMax) return null;
  const bar = peaks.find((lag) => acf[lag] >= nearMax * barMax) ?? peaks[0];
  return refineLag(acf, bar).lag / 4;
}

/** The ACF's local maxima among bar lengths (BAR_PULSE: `shortestBarS`-`longestBarS`), and the highest of them (0 if none). */
type BarPeaks = { lags: number[]; highest: number };

function findBarPeaks(acf: Float64Array, frameRateHz: number): BarPeaks {
  const { shortestBarS, longestBarS } = BAR_PULSE;
  const lags: number[] = [];
  const lastBarLag = min(acf.length - 2, ceil(longestBarS * frameRateHz));
  for (let lag = ceil(shortestBarS * frameRateHz); lag <= lastBarLag; lag++)
    if (acf[lag] > acf[lag - 1] && acf[lag] >= acf[lag + 1]) lags.push(lag);
  return { lags, highest: lags.reduce((highest, lag) => max(highest, acf[lag]), 0) };
}

/**
 * The beat period to track: `period`, or, when its four lengths do not make a bar (BAR_FIT), the pulse near a
 * simple non-octave ratio of it (ACROSS_BAR_RATIOS) whose four and two lengths repeat most. `barMax` is the ACF's
 * highest repetition among bar lengths (findBarPeaks), which the repetitions are measured against.
 */
function preferBarDividingPeriod(acf: Float64Array, barMax: number, period: number, frameRateHz: number): number {
  const { share, reach } = BAR_FIT;
  // Repetition after `multiple` periods relative to the bar's; null beyond the ACF's reach (a bar of a slow beat).
  const repeatsAt = (lag: number, multiple: number) => {
    const [from, to] = [floor(multiple * lag * (1 - reach)), ceil(multiple * lag * (1 + reach))];
    if (to > acf.length - 1) return null;
    let highest = -Infinity;
    for (let l = from; l <= to; l++) highest = max(highest, acf[l]);
    return highest / barMax;
  };
  const own = barMax > 0 ? repeatsAt(period, 4) : null;
  if (own === null || own >= share) return period;
  let [best, bestRepeat] = [period, -Infinity];
  for (const ratio of ACROSS_BAR_RATIOS) {
    const lag = refineLag(acf, period * ratio).lag;
    if (!isTappable((60 * frameRateHz) / lag) || isOctaveOrFar(lag / period)) continue;
    const [bar, halfBar] = [repeatsAt(lag, 4), repeatsAt(lag, 2) ?? 0];
    if (bar !== null && bar >= share && bar + halfBar > bestRepeat) [best, bestRepeat] = [lag, bar + halfBar];
  }
  return best;
}
