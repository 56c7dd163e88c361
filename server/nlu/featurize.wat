;; The training featurisation's per-occurrence work (training-matrix.ts featurizeShare and weighRows), in WebAssembly:
;; each word of a sentence looked up in a table of the training's distinct tokens, its columns and its bigram's column
;; appended, the document frequencies counted; then, once the vocabulary is known, the rows of TF-IDF weights written
;; where the Crammer–Singer solver reads them (its arrays are laid out in this memory after the share's). The same
;; columns in the same order, and the same weights bit for bit, as the JavaScript gives. Compiled ahead of use, it runs
;; at full speed from the first sentence, where the JavaScript started in V8's interpreter in every fresh process.
;; A sentence of printable ASCII is split into words here too (`plainWords`); JavaScript splits the others (normalize.ts)
;; and stems each new token (the imported `newToken`), whose feature hashes are then worked out here.
;; Built into featurize-wasm.ts by `node scripts/build-wasm.ts` (a test checks the two agree).
;;
;; wasm-featurizer.ts lays the memory out and gives `setup` the byte addresses and the capacities of the arrays. The two
;; hash tables (tokens, features) and the features' arrays sit at the top of the memory and move higher when they
;; double (the memory grows). Every array is written before it is read, or counts on the memory's zeroed pages (stamps
;; are sentence + 1). Any capacity exceeded returns -1 and the caller featurises in JavaScript instead.
(module
  (import "m" "memory" (memory 1))
  ;; newToken(start, end): the word text[start..end) of the current sentence is new to this featurisation; the caller
  ;; writes its stem's length (i32, -1 when it has no room) to the scratch area and its UTF-16 code units at $scratchStem.
  (import "js" "newToken" (func $newToken (param i32 i32)))
  ;; Math.log, for a term frequency past the table `weigh` is given.
  (import "js" "log" (func $log (param f64) (result f64)))

  ;; Where things are (byte addresses) and how many fit.
  (global $text (mut i32) (i32.const 0))
  (global $ranges (mut i32) (i32.const 0))
  (global $extra (mut i32) (i32.const 0))
  (global $scratch (mut i32) (i32.const 0))
  (global $scratchStem (mut i32) (i32.const 0))
  (global $tokKey (mut i32) (i32.const 0))
  (global $tokAt (mut i32) (i32.const 0))
  (global $tokLen (mut i32) (i32.const 0))
  (global $tokStemAt (mut i32) (i32.const 0))
  (global $tokStemLen (mut i32) (i32.const 0))
  (global $tokPrefix (mut i32) (i32.const 0))
  (global $tokWordStart (mut i32) (i32.const 0))
  (global $tokCharStart (mut i32) (i32.const 0))
  (global $tokCharEnd (mut i32) (i32.const 0))
  (global $tokChars (mut i32) (i32.const 0))
  (global $stems (mut i32) (i32.const 0))
  (global $tokenColumns (mut i32) (i32.const 0))
  (global $words (mut i32) (i32.const 0))
  (global $tokens (mut i32) (i32.const 0))
  (global $wordEnd (mut i32) (i32.const 0))
  (global $tokenEnd (mut i32) (i32.const 0))
  (global $dfHash (mut i32) (i32.const 0))
  (global $dfCount (mut i32) (i32.const 0))
  (global $dfLast (mut i32) (i32.const 0))
  (global $tokCap (mut i32) (i32.const 0))
  (global $tokCharsCap (mut i32) (i32.const 0))
  (global $stemCap (mut i32) (i32.const 0))
  (global $tcCap (mut i32) (i32.const 0))
  (global $wCap (mut i32) (i32.const 0))
  (global $tCap (mut i32) (i32.const 0))
  ;; 1: word bigrams (and the sentence's start and end) are features.
  (global $bigrams (mut i32) (i32.const 0))
  ;; FNV state after "<s> " from the bigram seed.
  (global $startPrefix (mut i32) (i32.const 0))
  ;; The hash tables: address and slots (a power of two); the top of the used memory.
  (global $tokTable (mut i32) (i32.const 0))
  (global $tokSlots (mut i32) (i32.const 0))
  (global $dfTable (mut i32) (i32.const 0))
  (global $dfSlots (mut i32) (i32.const 0))
  (global $top (mut i32) (i32.const 0))
  ;; How much is used.
  (global $tokCount (mut i32) (i32.const 0))
  (global $tokCharsUsed (mut i32) (i32.const 0))
  (global $stemUsed (mut i32) (i32.const 0))
  (global $tcUsed (mut i32) (i32.const 0))
  (global $wUsed (mut i32) (i32.const 0))
  (global $tUsed (mut i32) (i32.const 0))
  (global $dfSize (mut i32) (i32.const 0))
  (global $doc (mut i32) (i32.const 0))
  ;; Feature settings and seeds (`settings`).
  (global $rawWords (mut i32) (i32.const 0))
  (global $digitShapes (mut i32) (i32.const 0))
  (global $charMin (mut i32) (i32.const 0))
  (global $charMax (mut i32) (i32.const 0))
  ;; Character n-gram lengths (charMax - charMin + 1, 0 without them).
  (global $grams (mut i32) (i32.const 0))
  (global $seedWord (mut i32) (i32.const 0))
  (global $seedChar (mut i32) (i32.const 0))
  (global $seedBigram (mut i32) (i32.const 0))
  ;; FNV state after "=" from the word seed (the word as written).
  (global $rawPrefix (mut i32) (i32.const 0))
  (global $asciiClass (mut i32) (i32.const 0))
  ;; The block being weighed (weigh's marks: the block that last saw a column).
  (global $weighBlock (mut i32) (i32.const 0))
  ;; Character n-gram occurrences of the sentences' tokens (the rows' entries need at most this many plus the words).
  (global $charOccurrences (mut i32) (i32.const 0))

  (func (export "setup")
    (param $text i32) (param $ranges i32) (param $extra i32) (param $scratch i32) (param $scratchStem i32)
    (param $tokens0 i32) (param $tokCap i32) (param $tokChars i32) (param $tokCharsCap i32) (param $stems i32)
    (param $stemCap i32) (param $tokenColumns i32) (param $tcCap i32) (param $words i32) (param $wCap i32)
    (param $tokens i32) (param $tCap i32) (param $wordEnd i32) (param $tokenEnd i32) (param $sentences i32)
    (param $top i32) (param $tokSlots i32) (param $dfSlots i32)
    (param $bigrams i32) (param $startPrefix i32)
    (global.set $text (local.get $text))
    (global.set $ranges (local.get $ranges))
    (global.set $extra (local.get $extra))
    (global.set $scratch (local.get $scratch))
    (global.set $scratchStem (local.get $scratchStem))
    ;; Nine arrays of a token's facts, $tokCap each.
    (global.set $tokKey (local.get $tokens0))
    (global.set $tokAt (i32.add (global.get $tokKey) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokLen (i32.add (global.get $tokAt) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokStemAt (i32.add (global.get $tokLen) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokStemLen (i32.add (global.get $tokStemAt) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokPrefix (i32.add (global.get $tokStemLen) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokWordStart (i32.add (global.get $tokPrefix) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokCharStart (i32.add (global.get $tokWordStart) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokCharEnd (i32.add (global.get $tokCharStart) (i32.shl (local.get $tokCap) (i32.const 2))))
    (global.set $tokCap (local.get $tokCap))
    (global.set $tokChars (local.get $tokChars))
    (global.set $tokCharsCap (local.get $tokCharsCap))
    (global.set $stems (local.get $stems))
    (global.set $stemCap (local.get $stemCap))
    (global.set $tokenColumns (local.get $tokenColumns))
    (global.set $tcCap (local.get $tcCap))
    (global.set $words (local.get $words))
    (global.set $wCap (local.get $wCap))
    (global.set $tokens (local.get $tokens))
    (global.set $tCap (local.get $tCap))
    (global.set $wordEnd (local.get $wordEnd))
    (global.set $tokenEnd (local.get $tokenEnd))
    (global.set $bigrams (local.get $bigrams))
    (global.set $startPrefix (local.get $startPrefix))
    ;; The two tables, at the top: their pages are zero.
    (global.set $tokSlots (local.get $tokSlots))
    (global.set $tokTable (local.get $top))
    (global.set $dfSlots (local.get $dfSlots))
    (global.set $dfTable (i32.add (local.get $top) (i32.shl (local.get $tokSlots) (i32.const 2))))
    ;; Three arrays per feature column (its hash, its count, the last sentence + 1 that counted it), half the slots each.
    (global.set $dfHash (i32.add (global.get $dfTable) (i32.shl (local.get $dfSlots) (i32.const 3))))
    (global.set $dfCount (i32.add (global.get $dfHash) (i32.shl (local.get $dfSlots) (i32.const 1))))
    (global.set $dfLast (i32.add (global.get $dfCount) (i32.shl (local.get $dfSlots) (i32.const 1))))
    (global.set $top (i32.add (global.get $dfLast) (i32.shl (local.get $dfSlots) (i32.const 1))))
    (global.set $tokCount (i32.const 0))
    (global.set $tokCharsUsed (i32.const 0))
    (global.set $stemUsed (i32.const 0))
    (global.set $tcUsed (i32.const 0))
    (global.set $wUsed (i32.const 0))
    (global.set $tUsed (i32.const 0))
    (global.set $dfSize (i32.const 0))
    (global.set $doc (i32.const 0))
    (global.set $charOccurrences (i32.const 0)))

  (func (export "tokenCount") (result i32) (global.get $tokCount))
  (func (export "top") (result i32) (global.get $top))
  (func (export "tokenColumnCount") (result i32) (global.get $tcUsed))
  (func (export "wordCount") (result i32) (global.get $wUsed))
  (func (export "occurrenceCount") (result i32) (global.get $tUsed))
  (func (export "columnCount") (result i32) (global.get $dfSize))
  (func (export "charOccurrences") (result i32) (global.get $charOccurrences))
  (func (export "tokCharStart") (result i32) (global.get $tokCharStart))
  (func (export "tokCharEnd") (result i32) (global.get $tokCharEnd))
  (func (export "dfHash") (result i32) (global.get $dfHash))
  (func (export "dfCount") (result i32) (global.get $dfCount))

  ;; FNV hashes are weak in the low bits; one multiply-shift spreads them over a table (hash-table.ts's mix).
  (func $mix (param $h i32) (result i32)
    (i32.mul (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))) (i32.const 0x45d9f3b)))

  (func $nonZero (param $h i32) (result i32)
    (select (i32.const 1) (local.get $h) (i32.eqz (local.get $h))))

  ;; FNV-1a over `length` UTF-16 code units at `at`, from `state` (feature-hashing.ts's stepHash, one per unit).
  (func $fold (param $state i32) (param $at i32) (param $length i32) (result i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $length) (i32.const 1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $state
          (i32.mul (i32.xor (local.get $state) (i32.load16_u (local.get $at))) (i32.const 0x01000193)))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (br $next)))
    (local.get $state))

  ;; Room for `bytes` more at the top of the memory; returns where it starts.
  (func $allocate (param $bytes i32) (result i32)
    (local $at i32) (local $needed i32)
    (local.set $at (global.get $top))
    (global.set $top (i32.add (local.get $at) (local.get $bytes)))
    (local.set $needed
      (i32.sub (i32.shr_u (i32.add (global.get $top) (i32.const 65535)) (i32.const 16)) (memory.size)))
    (if (i32.gt_s (local.get $needed) (i32.const 0))
      (then (drop (memory.grow (local.get $needed)))))
    (local.get $at))

  ;; The feature hash's column, given to it the first time it is seen (DocumentFrequency.columnOf).
  (func $columnOf (param $h i32) (result i32)
    (local $mask i32) (local $slot i32) (local $key i32) (local $column i32) (local $at i32)
    (local.set $mask (i32.sub (global.get $dfSlots) (i32.const 1)))
    (local.set $slot (i32.and (call $mix (local.get $h)) (local.get $mask)))
    (block $empty
      (loop $probe
        (local.set $at (i32.add (global.get $dfTable) (i32.shl (local.get $slot) (i32.const 3))))
        (local.set $key (i32.load (local.get $at)))
        (br_if $empty (i32.eqz (local.get $key)))
        (if (i32.eq (local.get $key) (local.get $h))
          (then (return (i32.load offset=4 (local.get $at)))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
        (br $probe)))
    (local.set $column (global.get $dfSize))
    (global.set $dfSize (i32.add (local.get $column) (i32.const 1)))
    (i32.store (local.get $at) (local.get $h))
    (i32.store offset=4 (local.get $at) (local.get $column))
    (i32.store (i32.add (global.get $dfHash) (i32.shl (local.get $column) (i32.const 2))) (local.get $h))
    (if (i32.ge_u (i32.shl (global.get $dfSize) (i32.const 1)) (global.get $dfSlots))
      (then (call $growColumns)))
    (local.get $column))

  ;; Twice the slots, in new pages at the top, filled again from the columns' hashes; the columns' arrays (room for
  ;; half the slots) are moved up beside it.
  (func $growColumns
    (local $mask i32) (local $column i32) (local $h i32) (local $slot i32) (local $at i32) (local $bytes i32)
    (global.set $dfSlots (i32.shl (global.get $dfSlots) (i32.const 1)))
    (global.set $dfTable (call $allocate (i32.shl (global.get $dfSlots) (i32.const 3))))
    (local.set $bytes (i32.shl (global.get $dfSize) (i32.const 2)))
    (local.set $at (call $allocate (i32.shl (global.get $dfSlots) (i32.const 1))))
    (memory.copy (local.get $at) (global.get $dfHash) (local.get $bytes))
    (global.set $dfHash (local.get $at))
    (local.set $at (call $allocate (i32.shl (global.get $dfSlots) (i32.const 1))))
    (memory.copy (local.get $at) (global.get $dfCount) (local.get $bytes))
    (global.set $dfCount (local.get $at))
    (local.set $at (call $allocate (i32.shl (global.get $dfSlots) (i32.const 1))))
    (memory.copy (local.get $at) (global.get $dfLast) (local.get $bytes))
    (global.set $dfLast (local.get $at))
    (local.set $mask (i32.sub (global.get $dfSlots) (i32.const 1)))
    (local.set $column (i32.const 0))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $column) (global.get $dfSize)))
        (local.set $h (i32.load (i32.add (global.get $dfHash) (i32.shl (local.get $column) (i32.const 2)))))
        (local.set $slot (i32.and (call $mix (local.get $h)) (local.get $mask)))
        (block $placed
          (loop $probe
            (local.set $at (i32.add (global.get $dfTable) (i32.shl (local.get $slot) (i32.const 3))))
            (br_if $placed (i32.eqz (i32.load (local.get $at))))
            (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
            (br $probe)))
        (i32.store (local.get $at) (local.get $h))
        (i32.store offset=4 (local.get $at) (local.get $column))
        (local.set $column (i32.add (local.get $column) (i32.const 1)))
        (br $next))))

  ;; Twice the token table's slots, at the top, filled again from the tokens' keys.
  (func $growTokens
    (local $mask i32) (local $t i32) (local $slot i32) (local $at i32)
    (global.set $tokSlots (i32.shl (global.get $tokSlots) (i32.const 1)))
    (global.set $tokTable (call $allocate (i32.shl (global.get $tokSlots) (i32.const 2))))
    (local.set $mask (i32.sub (global.get $tokSlots) (i32.const 1)))
    (local.set $t (i32.const 0))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $t) (global.get $tokCount)))
        (local.set $slot
          (i32.and
            (call $mix (i32.load (i32.add (global.get $tokKey) (i32.shl (local.get $t) (i32.const 2)))))
            (local.get $mask)))
        (block $placed
          (loop $probe
            (local.set $at (i32.add (global.get $tokTable) (i32.shl (local.get $slot) (i32.const 2))))
            (br_if $placed (i32.eqz (i32.load (local.get $at))))
            (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
            (br $probe)))
        (i32.store (local.get $at) (i32.add (local.get $t) (i32.const 1)))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $next))))

  ;; Whether `length` code units at `a` and at `b` are the same.
  (func $same (param $a i32) (param $b i32) (param $length i32) (result i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $length) (i32.const 1))))
    (block $differ
      (loop $next
        (if (i32.ge_u (local.get $a) (local.get $end)) (then (return (i32.const 1))))
        (br_if $differ (i32.ne (i32.load16_u (local.get $a)) (i32.load16_u (local.get $b))))
        (local.set $a (i32.add (local.get $a) (i32.const 2)))
        (local.set $b (i32.add (local.get $b) (i32.const 2)))
        (br $next)))
    (i32.const 0))

  ;; The number of the word text[start..end) among this featurisation's tokens; a new one is described by JavaScript
  ;; and its columns are given (its word features', then its character n-grams'). -1 when a capacity is exceeded.
  (func $token (param $start i32) (param $end i32) (result i32)
    (local $length i32) (local $chars i32) (local $key i32) (local $mask i32) (local $slot i32) (local $at i32)
    (local $entry i32) (local $t i32) (local $stemLength i32) (local $stem i32)
    (local.set $length (i32.sub (local.get $end) (local.get $start)))
    (local.set $chars (i32.add (global.get $text) (i32.shl (local.get $start) (i32.const 1))))
    (local.set $key (call $nonZero (call $fold (i32.const 0x811c9dc5) (local.get $chars) (local.get $length))))
    (local.set $mask (i32.sub (global.get $tokSlots) (i32.const 1)))
    (local.set $slot (i32.and (call $mix (local.get $key)) (local.get $mask)))
    (block $empty
      (loop $probe
        (local.set $at (i32.add (global.get $tokTable) (i32.shl (local.get $slot) (i32.const 2))))
        (local.set $entry (i32.load (local.get $at)))
        (br_if $empty (i32.eqz (local.get $entry)))
        (local.set $t (i32.sub (local.get $entry) (i32.const 1)))
        (if (i32.and
              (i32.eq (i32.load (i32.add (global.get $tokKey) (i32.shl (local.get $t) (i32.const 2)))) (local.get $key))
              (i32.eq (i32.load (i32.add (global.get $tokLen) (i32.shl (local.get $t) (i32.const 2)))) (local.get $length)))
          (then
            (if (call $same
                  (i32.add (global.get $tokChars)
                    (i32.shl (i32.load (i32.add (global.get $tokAt) (i32.shl (local.get $t) (i32.const 2)))) (i32.const 1)))
                  (local.get $chars) (local.get $length))
              (then (return (local.get $t))))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
        (br $probe)))
    ;; A new token: JavaScript stems it; its features are hashed here (FeatureExtractor.token).
    (if (i32.or
          (i32.ge_u (global.get $tokCount) (global.get $tokCap))
          (i32.or
            (i32.gt_u (i32.add (global.get $tokCharsUsed) (local.get $length)) (global.get $tokCharsCap))
            (i32.gt_u
              (i32.add (global.get $tcUsed)
                (i32.add (i32.const 3) (i32.mul (global.get $grams) (i32.add (local.get $length) (i32.const 2)))))
              (global.get $tcCap))))
      (then (return (i32.const -1))))
    (call $newToken (local.get $start) (local.get $end))
    (local.set $stemLength (i32.load (global.get $scratch)))
    (if (i32.or
          (i32.lt_s (local.get $stemLength) (i32.const 0))
          (i32.gt_u (i32.add (global.get $stemUsed) (local.get $stemLength)) (global.get $stemCap)))
      (then (return (i32.const -1))))
    (local.set $t (global.get $tokCount))
    (global.set $tokCount (i32.add (local.get $t) (i32.const 1)))
    (i32.store (i32.add (global.get $tokKey) (i32.shl (local.get $t) (i32.const 2))) (local.get $key))
    (i32.store (i32.add (global.get $tokLen) (i32.shl (local.get $t) (i32.const 2))) (local.get $length))
    (i32.store (i32.add (global.get $tokAt) (i32.shl (local.get $t) (i32.const 2))) (global.get $tokCharsUsed))
    (local.set $chars (i32.add (global.get $tokChars) (i32.shl (global.get $tokCharsUsed) (i32.const 1))))
    (memory.copy
      (local.get $chars)
      (i32.add (global.get $text) (i32.shl (local.get $start) (i32.const 1)))
      (i32.shl (local.get $length) (i32.const 1)))
    (global.set $tokCharsUsed (i32.add (global.get $tokCharsUsed) (local.get $length)))
    (i32.store (i32.add (global.get $tokStemAt) (i32.shl (local.get $t) (i32.const 2))) (global.get $stemUsed))
    (i32.store (i32.add (global.get $tokStemLen) (i32.shl (local.get $t) (i32.const 2))) (local.get $stemLength))
    (local.set $stem (i32.add (global.get $stems) (i32.shl (global.get $stemUsed) (i32.const 1))))
    (memory.copy (local.get $stem) (global.get $scratchStem) (i32.shl (local.get $stemLength) (i32.const 1)))
    (global.set $stemUsed (i32.add (global.get $stemUsed) (local.get $stemLength)))
    ;; The bigram prefix: "<stem> " folded from the bigram seed.
    (i32.store (i32.add (global.get $tokPrefix) (i32.shl (local.get $t) (i32.const 2)))
      (i32.mul
        (i32.xor (call $fold (global.get $seedBigram) (local.get $stem) (local.get $stemLength)) (i32.const 32))
        (i32.const 0x01000193)))
    ;; Its word features' columns: the stem, the word as written when it differs, the digit shape.
    (i32.store (i32.add (global.get $tokWordStart) (i32.shl (local.get $t) (i32.const 2))) (global.get $tcUsed))
    (call $pushTokenColumn
      (call $nonZero (call $fold (global.get $seedWord) (local.get $stem) (local.get $stemLength))))
    (if (i32.and (global.get $rawWords)
          (i32.eqz (i32.and (i32.eq (local.get $stemLength) (local.get $length))
            (call $same (local.get $stem) (local.get $chars) (local.get $length)))))
      (then
        (call $pushTokenColumn
          (call $nonZero (call $fold (global.get $rawPrefix) (local.get $chars) (local.get $length))))))
    (if (i32.and (global.get $digitShapes) (call $hasDigit (local.get $chars) (local.get $length)))
      (then (call $pushTokenColumn (call $nonZero (call $foldShape (local.get $chars) (local.get $length))))))
    ;; Its character n-grams' columns.
    (i32.store (i32.add (global.get $tokCharStart) (i32.shl (local.get $t) (i32.const 2))) (global.get $tcUsed))
    (if (i32.gt_s (global.get $charMax) (i32.const 0))
      (then (call $charNgrams (local.get $chars) (local.get $length))))
    (i32.store (i32.add (global.get $tokCharEnd) (i32.shl (local.get $t) (i32.const 2))) (global.get $tcUsed))
    ;; Its place in the table (the slot found empty above: the table has not changed since).
    (i32.store (local.get $at) (i32.add (local.get $t) (i32.const 1)))
    (if (i32.ge_u (i32.shl (global.get $tokCount) (i32.const 1)) (global.get $tokSlots))
      (then (call $growTokens)))
    (local.get $t))

  ;; Appends the feature's column to the token columns (room was checked before the token was described).
  (func $pushTokenColumn (param $hash i32)
    (i32.store (i32.add (global.get $tokenColumns) (i32.shl (global.get $tcUsed) (i32.const 2)))
      (call $columnOf (local.get $hash)))
    (global.set $tcUsed (i32.add (global.get $tcUsed) (i32.const 1))))

  ;; Whether any of the `length` code units at `at` is an ASCII digit (what /\d/ matches).
  (func $hasDigit (param $at i32) (param $length i32) (result i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $length) (i32.const 1))))
    (block $none
      (loop $next
        (br_if $none (i32.ge_u (local.get $at) (local.get $end)))
        (if (i32.lt_u (i32.sub (i32.load16_u (local.get $at)) (i32.const 48)) (i32.const 10))
          (then (return (i32.const 1))))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (br $next)))
    (i32.const 0))

  ;; The FNV state of "#" and the word with every digit written as 0, from the word seed (the digit shape).
  (func $foldShape (param $at i32) (param $length i32) (result i32)
    (local $end i32) (local $state i32) (local $c i32)
    (local.set $state (i32.mul (i32.xor (global.get $seedWord) (i32.const 35)) (i32.const 0x01000193)))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $length) (i32.const 1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $c (i32.load16_u (local.get $at)))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 10)) (then (local.set $c (i32.const 48))))
        (local.set $state (i32.mul (i32.xor (local.get $state) (local.get $c)) (i32.const 0x01000193)))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (br $next)))
    (local.get $state))

  ;; The columns of the character n-grams of " word " (features.ts charNgrams: by start, then by length).
  (func $charNgrams (param $at i32) (param $length i32)
    (local $padded i32) (local $start i32) (local $end i32) (local $i i32) (local $hash i32) (local $c i32)
    (local.set $padded (i32.add (local.get $length) (i32.const 2)))
    (block $startsDone
      (loop $nextStart
        (br_if $startsDone (i32.ge_s (local.get $start) (local.get $padded)))
        (local.set $hash (global.get $seedChar))
        (local.set $end (i32.add (local.get $start) (global.get $charMax)))
        (if (i32.gt_s (local.get $end) (local.get $padded)) (then (local.set $end (local.get $padded))))
        (local.set $i (local.get $start))
        (block $gramsDone
          (loop $nextGram
            (br_if $gramsDone (i32.ge_s (local.get $i) (local.get $end)))
            (local.set $c
              (if (result i32)
                (i32.or (i32.eqz (local.get $i)) (i32.eq (local.get $i) (i32.sub (local.get $padded) (i32.const 1))))
                (then (i32.const 32))
                (else (i32.load16_u (i32.add (local.get $at) (i32.shl (i32.sub (local.get $i) (i32.const 1)) (i32.const 1)))))))
            (local.set $hash (i32.mul (i32.xor (local.get $hash) (local.get $c)) (i32.const 0x01000193)))
            (if (i32.ge_s (i32.add (i32.sub (local.get $i) (local.get $start)) (i32.const 1)) (global.get $charMin))
              (then (call $pushTokenColumn (call $nonZero (local.get $hash)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $nextGram)))
        (local.set $start (i32.add (local.get $start) (i32.const 1)))
        (br $nextStart))))

  ;; plainWordRanges (normalize.ts) on the `length` code units at $text: for a sentence of printable ASCII, the text
  ;; turned to lower case in place and its words' ranges at $ranges; returns their number, or -1 for any other sentence.
  (func (export "plainWords") (param $length i32) (result i32)
    (local $i i32) (local $at i32) (local $c i32) (local $kind i32) (local $start i32) (local $count i32)
    (local $before i32) (local $after i32) (local $joins i32)
    (local.set $at (global.get $text))
    (block $checked
      (loop $check
        (br_if $checked (i32.ge_s (local.get $i) (local.get $length)))
        (local.set $c (i32.load16_u (local.get $at)))
        (if (i32.or (i32.ge_u (local.get $c) (i32.const 128))
              (i32.eqz (i32.load8_u (i32.add (global.get $asciiClass) (local.get $c)))))
          (then (return (i32.const -1))))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26))
          (then (i32.store16 (local.get $at) (i32.add (local.get $c) (i32.const 32)))))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $check)))
    (local.set $start (i32.const -1))
    (local.set $i (i32.const 0))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $length)))
        (local.set $kind (call $classAt (local.get $i)))
        (block $continue
          (if (i32.or (i32.eq (local.get $kind) (i32.const 1)) (i32.eq (local.get $kind) (i32.const 2)))
            (then
              (if (i32.lt_s (local.get $start) (i32.const 0)) (then (local.set $start (local.get $i))))
              (br $continue)))
          (if (i32.and (i32.ge_s (local.get $start) (i32.const 0))
                (i32.and (i32.ne (local.get $kind) (i32.const 3))
                  (i32.lt_s (i32.add (local.get $i) (i32.const 1)) (local.get $length))))
            (then
              (local.set $before (call $classAt (i32.sub (local.get $i) (i32.const 1))))
              (local.set $after (call $classAt (i32.add (local.get $i) (i32.const 1))))
              (local.set $joins
                (if (result i32) (i32.eq (local.get $kind) (i32.const 4))
                  (then
                    (i32.and (i32.eq (local.get $before) (local.get $after))
                      (i32.or (i32.eq (local.get $before) (i32.const 1)) (i32.eq (local.get $before) (i32.const 2)))))
                  (else
                    (i32.and (i32.eq (local.get $before) (local.get $after))
                      (i32.eq (local.get $before)
                        (select (i32.const 1) (i32.const 2) (i32.eq (local.get $kind) (i32.const 5))))))))
              (br_if $continue (local.get $joins))))
          (if (i32.ge_s (local.get $start) (i32.const 0))
            (then
              (call $range (local.get $count) (local.get $start) (local.get $i))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))
              (local.set $start (i32.const -1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (if (i32.ge_s (local.get $start) (i32.const 0))
      (then
        (call $range (local.get $count) (local.get $start) (local.get $length))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))))
    (local.get $count))

  ;; The ASCII class of the sentence's code unit `i` (normalize.ts ASCII_CLASS: 1 letter, 2 digit, 3 separator,
  ;; 4 joins letters or digits, 5 joins letters, 6 joins digits).
  (func $classAt (param $i i32) (result i32)
    (i32.load8_u (i32.add (global.get $asciiClass)
      (i32.load16_u (i32.add (global.get $text) (i32.shl (local.get $i) (i32.const 1)))))))

  (func $range (param $word i32) (param $start i32) (param $end i32)
    (local $at i32)
    (local.set $at (i32.add (global.get $ranges) (i32.shl (local.get $word) (i32.const 3))))
    (i32.store (local.get $at) (local.get $start))
    (i32.store offset=4 (local.get $at) (local.get $end)))

  ;; The feature settings and seeds (features.ts, feature-hashing.ts) and where normalize.ts's ASCII classes are.
  (func (export "settings")
    (param $rawWords i32) (param $digitShapes i32) (param $charMin i32) (param $charMax i32) (param $seedWord i32)
    (param $seedChar i32) (param $seedBigram i32) (param $rawPrefix i32) (param $asciiClass i32)
    (global.set $rawWords (local.get $rawWords))
    (global.set $digitShapes (local.get $digitShapes))
    (global.set $charMin (local.get $charMin))
    (global.set $charMax (local.get $charMax))
    (global.set $grams
      (select (i32.add (i32.sub (local.get $charMax) (local.get $charMin)) (i32.const 1)) (i32.const 0)
        (i32.gt_s (local.get $charMax) (i32.const 0))))
    (global.set $seedWord (local.get $seedWord))
    (global.set $seedChar (local.get $seedChar))
    (global.set $seedBigram (local.get $seedBigram))
    (global.set $rawPrefix (local.get $rawPrefix))
    (global.set $asciiClass (local.get $asciiClass)))

  ;; Appends a column to the sentence's word columns; 0 when there is no room (or no column).
  (func $pushWord (param $column i32) (result i32)
    (if (i32.or (i32.lt_s (local.get $column) (i32.const 0)) (i32.ge_u (global.get $wUsed) (global.get $wCap)))
      (then (return (i32.const 0))))
    (i32.store (i32.add (global.get $words) (i32.shl (global.get $wUsed) (i32.const 2))) (local.get $column))
    (global.set $wUsed (i32.add (global.get $wUsed) (i32.const 1)))
    (i32.const 1))

  ;; Counts columns at [from, to) (byte addresses) once each for the current sentence (DocumentFrequency.countColumns).
  (func $count (param $from i32) (param $to i32) (param $stamp i32)
    (local $column i32) (local $last i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $from) (local.get $to)))
        (local.set $column (i32.shl (i32.load (local.get $from)) (i32.const 2)))
        (local.set $last (i32.add (global.get $dfLast) (local.get $column)))
        (if (i32.ne (i32.load (local.get $last)) (local.get $stamp))
          (then
            (i32.store (local.get $last) (local.get $stamp))
            (i32.store (i32.add (global.get $dfCount) (local.get $column))
              (i32.add (i32.load (i32.add (global.get $dfCount) (local.get $column))) (i32.const 1)))))
        (local.set $from (i32.add (local.get $from) (i32.const 4)))
        (br $next))))

  ;; The rows of sublinear TF-IDF weights (training-matrix.ts weighRows, the same operations in the same order), written
  ;; where the solver reads them. `remap`: this share's columns to the vocabulary's (-1: dropped); `idf` (f32) per
  ;; vocabulary column; `marks`: two i32 per vocabulary column (the block that last saw it, where its entry is), zero;
  ;; `tf`: 1 + ln(count) for counts below `tfSize` (f64; the import `log` past it). The columns are renumbered in place.
  (func (export "weigh")
    (param $remap i32) (param $idf i32) (param $marks i32) (param $tf i32) (param $tfSize i32) (param $charWeight f64)
    (param $rowStart i32) (param $columnIndex i32) (param $value i32) (param $qd i32)
    (local $i i32) (local $end i32) (local $d i32) (local $rows i32) (local $wordFrom i32) (local $tokenFrom i32)
    (local $k i32) (local $t i32) (local $first i32) (local $wordsEnd i32) (local $wordNorm f64) (local $charNorm f64)
    (local $at i32)
    ;; Renumbered in place: the word columns, and each distinct token's columns once.
    (call $renumber (global.get $words) (global.get $wUsed) (local.get $remap))
    (call $renumber (global.get $tokenColumns) (global.get $tcUsed) (local.get $remap))
    (global.set $weighBlock (i32.const 0))
    (local.set $rows (global.get $doc))
    (local.set $d (i32.const 0))
    (block $rowsDone
      (loop $nextRow
        (br_if $rowsDone (i32.ge_u (local.get $d) (local.get $rows)))
        (i32.store (i32.add (local.get $rowStart) (i32.shl (local.get $d) (i32.const 2))) (local.get $end))
        (local.set $first (local.get $end))
        ;; The word block.
        (global.set $weighBlock (i32.add (global.get $weighBlock) (i32.const 1)))
        (local.set $at (i32.add (global.get $wordEnd) (i32.shl (local.get $d) (i32.const 2))))
        (local.set $end (call $add (local.get $marks) (local.get $columnIndex) (local.get $value) (local.get $end)
          (i32.add (global.get $words) (i32.shl (local.get $wordFrom) (i32.const 2)))
          (i32.add (global.get $words) (i32.shl (i32.load (local.get $at)) (i32.const 2)))))
        (local.set $wordFrom (i32.load (local.get $at)))
        (local.set $wordNorm (call $finish (local.get $idf) (local.get $tf) (local.get $tfSize) (local.get $columnIndex)
          (local.get $value) (local.get $first) (local.get $end)))
        (local.set $wordsEnd (local.get $end))
        ;; The character block: each token occurrence's n-grams in sentence order.
        (global.set $weighBlock (i32.add (global.get $weighBlock) (i32.const 1)))
        (local.set $at (i32.add (global.get $tokenEnd) (i32.shl (local.get $d) (i32.const 2))))
        (local.set $k (local.get $tokenFrom))
        (block $tokensDone
          (loop $nextToken
            (br_if $tokensDone (i32.ge_u (local.get $k) (i32.load (local.get $at))))
            (local.set $t
              (i32.shl (i32.load (i32.add (global.get $tokens) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 2)))
            (local.set $end (call $add (local.get $marks) (local.get $columnIndex) (local.get $value) (local.get $end)
              (i32.add (global.get $tokenColumns)
                (i32.shl (i32.load (i32.add (global.get $tokCharStart) (local.get $t))) (i32.const 2)))
              (i32.add (global.get $tokenColumns)
                (i32.shl (i32.load (i32.add (global.get $tokCharEnd) (local.get $t))) (i32.const 2)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $nextToken)))
        (local.set $tokenFrom (i32.load (local.get $at)))
        (local.set $charNorm (call $finish (local.get $idf) (local.get $tf) (local.get $tfSize) (local.get $columnIndex)
          (local.get $value) (local.get $wordsEnd) (local.get $end)))
        (call $normaliseRow (local.get $value) (local.get $first) (local.get $wordsEnd) (local.get $end)
          (local.get $wordNorm) (local.get $charNorm) (local.get $charWeight))
        (f64.store (i32.add (local.get $qd) (i32.shl (local.get $d) (i32.const 3)))
          (call $squaredNormWithBias (local.get $value) (local.get $first) (local.get $end)))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $nextRow)))
    (i32.store (i32.add (local.get $rowStart) (i32.shl (local.get $rows) (i32.const 2))) (local.get $end)))

  ;; columns[i] = remap[columns[i]] for the `count` columns at `at`.
  (func $renumber (param $at i32) (param $count i32) (param $remap i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (i32.store (local.get $at)
          (i32.load (i32.add (local.get $remap) (i32.shl (i32.load (local.get $at)) (i32.const 2)))))
        (local.set $at (i32.add (local.get $at) (i32.const 4)))
        (br $next))))

  ;; BlockWeigher.add: the block's columns at [from, to) (byte addresses) counted into entries from `end` on, repeats
  ;; merged; returns the new end.
  (func $add (param $marks i32) (param $columnIndex i32) (param $value i32) (param $end i32) (param $from i32)
    (param $to i32) (result i32)
    (local $column i32) (local $mark i32) (local $entry i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $from) (local.get $to)))
        (local.set $column (i32.load (local.get $from)))
        (local.set $from (i32.add (local.get $from) (i32.const 4)))
        (br_if $next (i32.lt_s (local.get $column) (i32.const 0)))
        (local.set $mark (i32.add (local.get $marks) (i32.shl (local.get $column) (i32.const 3))))
        (if (i32.eq (i32.load (local.get $mark)) (global.get $weighBlock))
          (then
            (local.set $entry (i32.add (local.get $value) (i32.shl (i32.load offset=4 (local.get $mark)) (i32.const 2))))
            (f32.store (local.get $entry) (f32.add (f32.load (local.get $entry)) (f32.const 1))))
          (else
            (i32.store (local.get $mark) (global.get $weighBlock))
            (i32.store offset=4 (local.get $mark) (local.get $end))
            (i32.store (i32.add (local.get $columnIndex) (i32.shl (local.get $end) (i32.const 2))) (local.get $column))
            (f32.store (i32.add (local.get $value) (i32.shl (local.get $end) (i32.const 2))) (f32.const 1))
            (local.set $end (i32.add (local.get $end) (i32.const 1)))))
        (br $next)))
    (local.get $end))

  ;; BlockWeigher.finish: the block's counts at entries [first, end) turned into weights; returns its squared norm.
  (func $finish (param $idf i32) (param $tf i32) (param $tfSize i32) (param $columnIndex i32) (param $value i32)
    (param $first i32) (param $end i32) (result f64)
    (local $norm f64) (local $k i32) (local $count f64) (local $n i32) (local $weight f64) (local $entry i32)
    (local.set $k (local.get $first))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $end)))
        (local.set $entry (i32.add (local.get $value) (i32.shl (local.get $k) (i32.const 2))))
        (local.set $count (f64.promote_f32 (f32.load (local.get $entry))))
        (local.set $n (i32.trunc_f64_u (local.get $count)))
        (local.set $weight
          (f64.mul
            (if (result f64) (i32.lt_u (local.get $n) (local.get $tfSize))
              (then (f64.load (i32.add (local.get $tf) (i32.shl (local.get $n) (i32.const 3)))))
              (else (f64.add (f64.const 1) (call $log (local.get $count)))))
            (f64.promote_f32 (f32.load (i32.add (local.get $idf)
              (i32.shl (i32.load (i32.add (local.get $columnIndex) (i32.shl (local.get $k) (i32.const 2))))
                (i32.const 2)))))))
        (f32.store (local.get $entry) (f32.demote_f64 (local.get $weight)))
        (local.set $norm (f64.add (local.get $norm) (f64.mul (local.get $weight) (local.get $weight))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (local.get $norm))

  ;; tfidf.ts normaliseRow: each block L2-normalised (the characters' times charWeight), then the whole row.
  (func $normaliseRow (param $value i32) (param $from i32) (param $wordEnd i32) (param $to i32) (param $wordNorm f64)
    (param $charNorm f64) (param $charWeight f64)
    (local $wordScale f64) (local $charScale f64) (local $total f64) (local $k i32) (local $v f64) (local $at i32)
    (local $scale f64)
    (if (f64.gt (local.get $wordNorm) (f64.const 0))
      (then (local.set $wordScale (f64.div (f64.const 1) (f64.sqrt (local.get $wordNorm))))))
    (if (f64.gt (local.get $charNorm) (f64.const 0))
      (then (local.set $charScale (f64.div (local.get $charWeight) (f64.sqrt (local.get $charNorm))))))
    (local.set $k (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $to)))
        (local.set $at (i32.add (local.get $value) (i32.shl (local.get $k) (i32.const 2))))
        (local.set $v (f64.mul (f64.promote_f32 (f32.load (local.get $at)))
          (select (local.get $wordScale) (local.get $charScale) (i32.lt_u (local.get $k) (local.get $wordEnd)))))
        (f32.store (local.get $at) (f32.demote_f64 (local.get $v)))
        (local.set $total (f64.add (local.get $total) (f64.mul (local.get $v) (local.get $v))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (if (f64.gt (local.get $total) (f64.const 0))
      (then
        (local.set $scale (f64.div (f64.const 1) (f64.sqrt (local.get $total))))
        (local.set $k (local.get $from))
        (block $scaled
          (loop $again
            (br_if $scaled (i32.ge_u (local.get $k) (local.get $to)))
            (local.set $at (i32.add (local.get $value) (i32.shl (local.get $k) (i32.const 2))))
            (f32.store (local.get $at)
              (f32.demote_f64 (f64.mul (f64.promote_f32 (f32.load (local.get $at))) (local.get $scale))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $again))))))

  ;; solver-memory.ts squaredNormWithBias: the bias's 1, then each entry's square, in order.
  (func $squaredNormWithBias (param $value i32) (param $from i32) (param $to i32) (result f64)
    (local $squared f64) (local $v f64)
    (local.set $squared (f64.const 1))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $from) (local.get $to)))
        (local.set $v (f64.promote_f32 (f32.load (i32.add (local.get $value) (i32.shl (local.get $from) (i32.const 2))))))
        (local.set $squared (f64.add (local.get $squared) (f64.mul (local.get $v) (local.get $v))))
        (local.set $from (i32.add (local.get $from) (i32.const 1)))
        (br $next)))
    (local.get $squared))

  ;; One sentence: `count` words at $ranges (start, end pairs of UTF-16 offsets into $text), then `extras` feature
  ;; hashes at $extra (negation, entities) as word features. 0, or -1 when a capacity is exceeded.
  (func (export "sentence") (param $count i32) (param $extras i32) (result i32)
    (local $wordFrom i32) (local $tokenFrom i32) (local $w i32) (local $t i32) (local $prefix i32) (local $at i32)
    (local $from i32) (local $to i32) (local $stamp i32) (local $k i32) (local $e i32)
    (local.set $wordFrom (global.get $wUsed))
    (local.set $tokenFrom (global.get $tUsed))
    (if (i32.gt_u (i32.add (global.get $tUsed) (local.get $count)) (global.get $tCap)) (then (return (i32.const -1))))
    (local.set $prefix (global.get $startPrefix))
    (local.set $w (i32.const 0))
    (block $wordsDone
      (loop $nextWord
        (br_if $wordsDone (i32.ge_u (local.get $w) (local.get $count)))
        (local.set $at (i32.add (global.get $ranges) (i32.shl (local.get $w) (i32.const 3))))
        (local.set $t (call $token (i32.load (local.get $at)) (i32.load offset=4 (local.get $at))))
        (if (i32.lt_s (local.get $t) (i32.const 0)) (then (return (i32.const -1))))
        ;; The token's word columns, its number, its character n-grams' count.
        (local.set $at (i32.shl (local.get $t) (i32.const 2)))
        (local.set $from (i32.load (i32.add (global.get $tokWordStart) (local.get $at))))
        (local.set $to (i32.load (i32.add (global.get $tokCharStart) (local.get $at))))
        (block $copied
          (loop $copy
            (br_if $copied (i32.ge_u (local.get $from) (local.get $to)))
            (if (i32.eqz (call $pushWord
                  (i32.load (i32.add (global.get $tokenColumns) (i32.shl (local.get $from) (i32.const 2))))))
              (then (return (i32.const -1))))
            (local.set $from (i32.add (local.get $from) (i32.const 1)))
            (br $copy)))
        (i32.store (i32.add (global.get $tokens) (i32.shl (global.get $tUsed) (i32.const 2))) (local.get $t))
        (global.set $tUsed (i32.add (global.get $tUsed) (i32.const 1)))
        (global.set $charOccurrences
          (i32.add (global.get $charOccurrences)
            (i32.sub (i32.load (i32.add (global.get $tokCharEnd) (local.get $at))) (local.get $to))))
        (if (global.get $bigrams)
          (then
            (if (i32.eqz (call $pushWord (call $columnOf (call $nonZero
                  (call $fold (local.get $prefix)
                    (i32.add (global.get $stems)
                      (i32.shl (i32.load (i32.add (global.get $tokStemAt) (local.get $at))) (i32.const 1)))
                    (i32.load (i32.add (global.get $tokStemLen) (local.get $at))))))))
              (then (return (i32.const -1))))
            (local.set $prefix (i32.load (i32.add (global.get $tokPrefix) (local.get $at))))))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br $nextWord)))
    ;; The sentence's end: "</s>" folded on from the last word's prefix.
    (if (i32.and (global.get $bigrams) (i32.gt_s (local.get $count) (i32.const 0)))
      (then
        (local.set $prefix (i32.mul (i32.xor (local.get $prefix) (i32.const 60)) (i32.const 0x01000193)))
        (local.set $prefix (i32.mul (i32.xor (local.get $prefix) (i32.const 47)) (i32.const 0x01000193)))
        (local.set $prefix (i32.mul (i32.xor (local.get $prefix) (i32.const 115)) (i32.const 0x01000193)))
        (local.set $prefix (i32.mul (i32.xor (local.get $prefix) (i32.const 62)) (i32.const 0x01000193)))
        (if (i32.eqz (call $pushWord (call $columnOf (call $nonZero (local.get $prefix)))))
          (then (return (i32.const -1))))))
    (local.set $e (i32.const 0))
    (block $extrasDone
      (loop $nextExtra
        (br_if $extrasDone (i32.ge_u (local.get $e) (local.get $extras)))
        (if (i32.eqz (call $pushWord (call $columnOf
              (i32.load (i32.add (global.get $extra) (i32.shl (local.get $e) (i32.const 2)))))))
          (then (return (i32.const -1))))
        (local.set $e (i32.add (local.get $e) (i32.const 1)))
        (br $nextExtra)))
    (i32.store (i32.add (global.get $wordEnd) (i32.shl (global.get $doc) (i32.const 2))) (global.get $wUsed))
    (i32.store (i32.add (global.get $tokenEnd) (i32.shl (global.get $doc) (i32.const 2))) (global.get $tUsed))
    ;; Document frequencies: the word columns, then each token occurrence's character n-grams.
    (local.set $stamp (i32.add (global.get $doc) (i32.const 1)))
    (call $count
      (i32.add (global.get $words) (i32.shl (local.get $wordFrom) (i32.const 2)))
      (i32.add (global.get $words) (i32.shl (global.get $wUsed) (i32.const 2)))
      (local.get $stamp))
    (local.set $k (local.get $tokenFrom))
    (block $tokensDone
      (loop $nextToken
        (br_if $tokensDone (i32.ge_u (local.get $k) (global.get $tUsed)))
        (local.set $at
          (i32.shl (i32.load (i32.add (global.get $tokens) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 2)))
        (call $count
          (i32.add (global.get $tokenColumns)
            (i32.shl (i32.load (i32.add (global.get $tokCharStart) (local.get $at))) (i32.const 2)))
          (i32.add (global.get $tokenColumns)
            (i32.shl (i32.load (i32.add (global.get $tokCharEnd) (local.get $at))) (i32.const 2)))
          (local.get $stamp))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $nextToken)))
    (global.set $doc (i32.add (global.get $doc) (i32.const 1)))
    (i32.const 0))
)
