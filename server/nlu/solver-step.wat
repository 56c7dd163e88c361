;; One pass of the Crammer–Singer solver's coordinate steps (crammer-singer.ts), in WebAssembly: the same operations in
;; the same order as the JavaScript methods it replaces (stepAllClasses, stepFewClasses, finishStep, shrinkClasses,
;; solveSubProblem, updateWeights), so the same weights bit for bit. Compiled ahead of use, it runs at full speed from
;; the first row, where the JavaScript started in V8's interpreter in every fresh process; and it takes no bounds checks.
;; Built into solver-step-wasm.ts by `node scripts/build-wasm.ts` (a test checks the two agree).
;;
;; Every array lives in the solver's memory (solver-memory.ts); `setup` gives their byte addresses. The score and update
;; kernels come from score-kernel.ts's instance over the same memory.
(module
  (import "m" "memory" (memory 1))
  (import "k" "score" (func $score (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "k" "score32" (func $score32 (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "k" "update" (func $update (param i32 i32 i32 i32 i32 i32 i32)))

  (global $K (mut i32) (i32.const 0))
  (global $stride (mut i32) (i32.const 0))
  ;; Bytes from one feature's weights to the next (4 × stride).
  (global $rowBytes (mut i32) (i32.const 0))
  ;; Index of the bias weights in w (the column after the last).
  (global $biasBase (mut i32) (i32.const 0))
  ;; 1 above eight classes: single-precision scores of every class, the steps added one class at a time.
  (global $many (mut i32) (i32.const 0))
  (global $C (mut f64) (f64.const 0))
  (global $w (mut i32) (i32.const 0))
  (global $columns (mut i32) (i32.const 0))
  (global $values (mut i32) (i32.const 0))
  (global $rowStart (mut i32) (i32.const 0))
  (global $scores (mut i32) (i32.const 0))
  (global $steps (mut i32) (i32.const 0))
  (global $alpha (mut i32) (i32.const 0))
  (global $classOrder (mut i32) (i32.const 0))
  (global $activeClasses (mut i32) (i32.const 0))
  (global $ownPosition (mut i32) (i32.const 0))
  (global $qd (mut i32) (i32.const 0))
  (global $order (mut i32) (i32.const 0))
  (global $G (mut i32) (i32.const 0))
  (global $B (mut i32) (i32.const 0))
  (global $D (mut i32) (i32.const 0))
  (global $alphaNew (mut i32) (i32.const 0))
  (global $changedClass (mut i32) (i32.const 0))
  (global $change (mut i32) (i32.const 0))
  ;; The largest gradient gap of the current pass.
  (global $largestGap (mut f64) (f64.const 0))

  (func (export "setup")
    (param $K i32) (param $stride i32) (param $biasBase i32) (param $C f64)
    (param $w i32) (param $columns i32) (param $values i32) (param $rowStart i32) (param $scores i32) (param $steps i32)
    (param $alpha i32) (param $classOrder i32) (param $activeClasses i32) (param $ownPosition i32) (param $qd i32)
    (param $order i32) (param $G i32) (param $B i32) (param $D i32) (param $alphaNew i32) (param $changedClass i32)
    (param $change i32)
    (global.set $K (local.get $K))
    (global.set $stride (local.get $stride))
    (global.set $rowBytes (i32.shl (local.get $stride) (i32.const 2)))
    (global.set $biasBase (local.get $biasBase))
    (global.set $many (i32.gt_s (local.get $K) (i32.const 8)))
    (global.set $C (local.get $C))
    (global.set $w (local.get $w))
    (global.set $columns (local.get $columns))
    (global.set $values (local.get $values))
    (global.set $rowStart (local.get $rowStart))
    (global.set $scores (local.get $scores))
    (global.set $steps (local.get $steps))
    (global.set $alpha (local.get $alpha))
    (global.set $classOrder (local.get $classOrder))
    (global.set $activeClasses (local.get $activeClasses))
    (global.set $ownPosition (local.get $ownPosition))
    (global.set $qd (local.get $qd))
    (global.set $order (local.get $order))
    (global.set $G (local.get $G))
    (global.set $B (local.get $B))
    (global.set $D (local.get $D))
    (global.set $alphaNew (local.get $alphaNew))
    (global.set $changedClass (local.get $changedClass))
    (global.set $change (local.get $change)))

  (func (export "largestGap") (result f64) (global.get $largestGap))

  ;; A step on every example of order[0..size), in that order (the caller shuffled it); an example left with one class
  ;; moves behind the others, as solvePass does. Returns the new size; the largest gap is largestGap().
  (func (export "pass") (param $size i32) (result i32)
    (local $s i32) (local $i i32)
    (global.set $largestGap (f64.const -inf))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $s) (local.get $size)))
        (local.set $i (i32.load (call $at4 (global.get $order) (local.get $s))))
        (if (call $step (local.get $i))
          (then
            (local.set $size (i32.sub (local.get $size) (i32.const 1)))
            (i32.store (call $at4 (global.get $order) (local.get $s))
              (i32.load (call $at4 (global.get $order) (local.get $size))))
            (i32.store (call $at4 (global.get $order) (local.get $size)) (local.get $i)))
          (else (local.set $s (i32.add (local.get $s) (i32.const 1)))))
        (br $rows)))
    (local.get $size))

  ;; Byte addresses of element `index` of 4- and 8-byte arrays.
  (func $at4 (param $base i32) (param $index i32) (result i32)
    (i32.add (local.get $base) (i32.shl (local.get $index) (i32.const 2))))
  (func $at8 (param $base i32) (param $index i32) (result i32)
    (i32.add (local.get $base) (i32.shl (local.get $index) (i32.const 3))))

  ;; Example i's step (stepAllClasses or stepFewClasses, then finishStep); 1 when it is shrunk.
  (func $step (param $i i32) (result i32)
    (local $base i32) (local $active i32) (local $from i32) (local $to i32)
    (local.set $base (i32.mul (local.get $i) (global.get $K)))
    (local.set $active (i32.load (call $at4 (global.get $activeClasses) (local.get $i))))
    (local.set $from (i32.load (call $at4 (global.get $rowStart) (local.get $i))))
    (local.set $to (i32.load (call $at4 (global.get $rowStart) (i32.add (local.get $i) (i32.const 1)))))
    (if (i32.ge_s (i32.shl (local.get $active) (i32.const 1)) (global.get $K))
      (then (call $scoreAll (local.get $base) (local.get $active) (local.get $from) (local.get $to)))
      (else (call $scoreActive (local.get $base) (local.get $active) (local.get $from) (local.get $to))))
    (call $finish (local.get $i) (local.get $active) (local.get $from) (local.get $to)))

  ;; G[m] = 1 + the score of the m-th active class, every class scored by the SIMD kernel.
  (func $scoreAll (param $base i32) (param $active i32) (param $from i32) (param $to i32)
    (local $m i32) (local $class i32)
    (if (global.get $many)
      (then
        (call $score32 (global.get $w) (global.get $biasBase) (global.get $stride) (global.get $columns)
          (global.get $values) (local.get $from) (local.get $to) (global.get $scores) (global.get $stride)))
      (else
        (call $score (global.get $w) (global.get $biasBase)
          (i32.and (i32.add (global.get $K) (i32.const 3)) (i32.const -4))
          (global.get $columns) (global.get $values) (local.get $from) (local.get $to) (global.get $scores)
          (global.get $stride))))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (local.set $class
          (i32.load (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $m)))))
        (f64.store (call $at8 (global.get $G) (local.get $m))
          (f64.add (f64.const 1)
            (if (result f64) (global.get $many)
              (then (f64.promote_f32 (f32.load (call $at4 (global.get $scores) (local.get $class)))))
              (else (f64.load (call $at8 (global.get $scores) (local.get $class)))))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes))))

  ;; G[m] = 1 + bias + the row's products, in feature order, for the active classes only (scoreActiveClasses).
  (func $scoreActive (param $base i32) (param $active i32) (param $from i32) (param $to i32)
    ;; classAt: a class's byte offset within a feature's weights; classWeights: the address of its first feature's.
    (local $m i32) (local $class i32) (local $k i32) (local $sum f64) (local $classAt i32) (local $end i32)
    (local $classWeights i32)
    (local $other i32) (local $otherAt i32) (local $sum2 f64) (local $rowAt i32) (local $v f64)
    (local.set $end (i32.shl (local.get $to) (i32.const 2)))
    ;; Two classes a pass over the row while two are left, then one (each sum still its bias, then its products in
    ;; feature order: the same sums as one class at a time).
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_s (i32.add (local.get $m) (i32.const 1)) (local.get $active)))
        (local.set $class
          (i32.load (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $m)))))
        (local.set $other
          (i32.load (call $at4 (global.get $classOrder) (i32.add (i32.add (local.get $base) (local.get $m)) (i32.const 1)))))
        (local.set $sum
          (f64.add (f64.const 1)
            (f64.promote_f32
              (f32.load (call $at4 (global.get $w) (i32.add (global.get $biasBase) (local.get $class)))))))
        (local.set $sum2
          (f64.add (f64.const 1)
            (f64.promote_f32
              (f32.load (call $at4 (global.get $w) (i32.add (global.get $biasBase) (local.get $other)))))))
        (local.set $classAt (i32.shl (local.get $class) (i32.const 2)))
        (local.set $otherAt (i32.shl (local.get $other) (i32.const 2)))
        (local.set $k (i32.shl (local.get $from) (i32.const 2)))
        (block $row
          (loop $nonZeros
            (br_if $row (i32.ge_u (local.get $k) (local.get $end)))
            (local.set $rowAt
              (i32.add (global.get $w)
                (i32.mul (i32.load (i32.add (global.get $columns) (local.get $k))) (global.get $rowBytes))))
            (local.set $v (f64.promote_f32 (f32.load (i32.add (global.get $values) (local.get $k)))))
            (local.set $sum
              (f64.add (local.get $sum)
                (f64.mul (f64.promote_f32 (f32.load (i32.add (local.get $rowAt) (local.get $classAt)))) (local.get $v))))
            (local.set $sum2
              (f64.add (local.get $sum2)
                (f64.mul (f64.promote_f32 (f32.load (i32.add (local.get $rowAt) (local.get $otherAt)))) (local.get $v))))
            (local.set $k (i32.add (local.get $k) (i32.const 4)))
            (br $nonZeros)))
        (f64.store (call $at8 (global.get $G) (local.get $m)) (local.get $sum))
        (f64.store (call $at8 (global.get $G) (i32.add (local.get $m) (i32.const 1))) (local.get $sum2))
        (local.set $m (i32.add (local.get $m) (i32.const 2)))
        (br $pairs)))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (local.set $class
          (i32.load (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $m)))))
        (local.set $sum
          (f64.add (f64.const 1)
            (f64.promote_f32
              (f32.load (call $at4 (global.get $w) (i32.add (global.get $biasBase) (local.get $class)))))))
        ;; The class's weights start at w + 4 × class; a feature's at 4 × stride × its column after that.
        (local.set $classWeights (i32.add (global.get $w) (i32.shl (local.get $class) (i32.const 2))))
        (local.set $k (i32.shl (local.get $from) (i32.const 2)))
        (block $row
          (loop $nonZeros
            (br_if $row (i32.ge_u (local.get $k) (local.get $end)))
            (local.set $sum
              (f64.add (local.get $sum)
                (f64.mul
                  (f64.promote_f32
                    (f32.load
                      (i32.add (local.get $classWeights)
                        (i32.mul (i32.load (i32.add (global.get $columns) (local.get $k))) (global.get $rowBytes)))))
                  (f64.promote_f32 (f32.load (i32.add (global.get $values) (local.get $k)))))))
            (local.set $k (i32.add (local.get $k) (i32.const 4)))
            (br $nonZeros)))
        (f64.store (call $at8 (global.get $G) (local.get $m)) (local.get $sum))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes))))

  ;; finishStep: gradients, shrinking, the sub-problem and the update; 1 when the example is shrunk.
  (func $finish (param $i i32) (param $activeBefore i32) (param $from i32) (param $to i32) (result i32)
    (local $base i32) (local $own i32) (local $m i32) (local $g f64) (local $minG f64) (local $maxG f64)
    (local $active i32) (local $gap f64) (local $Ai f64) (local $changed i32) (local $alphaAt i32) (local $next f64)
    (local $delta f64)
    (local.set $base (i32.mul (local.get $i) (global.get $K)))
    (local.set $own (i32.load (call $at4 (global.get $ownPosition) (local.get $i))))
    (if (i32.lt_s (local.get $own) (local.get $activeBefore))
      (then
        (f64.store (call $at8 (global.get $G) (local.get $own))
          (f64.sub (f64.load (call $at8 (global.get $G) (local.get $own))) (f64.const 1)))))
    (local.set $minG (f64.const inf))
    (local.set $maxG (f64.const -inf))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $activeBefore)))
        (local.set $g (f64.load (call $at8 (global.get $G) (local.get $m))))
        (if (f64.lt (local.get $g) (local.get $minG))
          (then
            (if (f64.lt (f64.load (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $m))))
                        (f64.const 0))
              (then (local.set $minG (local.get $g))))))
        (if (f64.gt (local.get $g) (local.get $maxG)) (then (local.set $maxG (local.get $g))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes)))
    (if (i32.lt_s (local.get $own) (local.get $activeBefore))
      (then
        (if (f64.lt (f64.load (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $own))))
                    (global.get $C))
          (then
            (if (f64.lt (f64.load (call $at8 (global.get $G) (local.get $own))) (local.get $minG))
              (then (local.set $minG (f64.load (call $at8 (global.get $G) (local.get $own))))))))))
    (local.set $active (call $shrink (local.get $i) (local.get $base) (local.get $activeBefore) (local.get $minG)))
    (i32.store (call $at4 (global.get $activeClasses) (local.get $i)) (local.get $active))
    (if (i32.le_s (local.get $active) (i32.const 1)) (then (return (i32.const 1))))
    (local.set $gap (f64.sub (local.get $maxG) (local.get $minG)))
    (if (f64.gt (local.get $gap) (global.get $largestGap)) (then (global.set $largestGap (local.get $gap))))
    (if (f64.le (local.get $gap) (f64.const 1e-12)) (then (return (i32.const 0))))
    (local.set $Ai (f64.load (call $at8 (global.get $qd) (local.get $i))))
    (local.set $m (i32.const 0))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (f64.store (call $at8 (global.get $B) (local.get $m))
          (f64.sub (f64.load (call $at8 (global.get $G) (local.get $m)))
            (f64.mul (local.get $Ai)
              (f64.load (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $m)))))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes)))
    (call $subProblem (local.get $Ai) (i32.load (call $at4 (global.get $ownPosition) (local.get $i)))
      (local.get $active))
    (local.set $m (i32.const 0))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (local.set $alphaAt (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $m))))
        (local.set $next (f64.load (call $at8 (global.get $alphaNew) (local.get $m))))
        (local.set $delta (f64.sub (local.get $next) (f64.load (local.get $alphaAt))))
        (f64.store (local.get $alphaAt) (local.get $next))
        (if (f64.ge (f64.abs (local.get $delta)) (f64.const 1e-12))
          (then
            (i32.store (call $at4 (global.get $changedClass) (local.get $changed))
              (i32.load (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $m)))))
            (f64.store (call $at8 (global.get $change) (local.get $changed)) (local.get $delta))
            (local.set $changed (i32.add (local.get $changed) (i32.const 1)))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes)))
    (call $updateWeights (local.get $from) (local.get $to) (local.get $changed))
    (i32.const 0))

  ;; shrinkClasses: the classes at their bound whose gradient keeps them there move behind the active ones.
  (func $shrink (param $i i32) (param $base i32) (param $active i32) (param $minG f64) (result i32)
    (local $m i32) (local $a i32) (local $b i32) (local $swapClass i32) (local $swap f64) (local $own i32)
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (if (call $shrinkable (local.get $i) (local.get $base) (local.get $m) (local.get $minG))
          (then
            (local.set $active (i32.sub (local.get $active) (i32.const 1)))
            (block $found
              (loop $fromEnd
                (br_if $found (i32.le_s (local.get $active) (local.get $m)))
                (if (i32.eqz (call $shrinkable (local.get $i) (local.get $base) (local.get $active) (local.get $minG)))
                  (then
                    (local.set $a (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $m))))
                    (local.set $b (call $at4 (global.get $classOrder) (i32.add (local.get $base) (local.get $active))))
                    (local.set $swapClass (i32.load (local.get $a)))
                    (i32.store (local.get $a) (i32.load (local.get $b)))
                    (i32.store (local.get $b) (local.get $swapClass))
                    (local.set $a (call $at8 (global.get $G) (local.get $m)))
                    (local.set $b (call $at8 (global.get $G) (local.get $active)))
                    (local.set $swap (f64.load (local.get $a)))
                    (f64.store (local.get $a) (f64.load (local.get $b)))
                    (f64.store (local.get $b) (local.get $swap))
                    (local.set $a (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $m))))
                    (local.set $b (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $active))))
                    (local.set $swap (f64.load (local.get $a)))
                    (f64.store (local.get $a) (f64.load (local.get $b)))
                    (f64.store (local.get $b) (local.get $swap))
                    (local.set $own (i32.load (call $at4 (global.get $ownPosition) (local.get $i))))
                    (if (i32.eq (local.get $own) (local.get $active))
                      (then (i32.store (call $at4 (global.get $ownPosition) (local.get $i)) (local.get $m)))
                      (else
                        (if (i32.eq (local.get $own) (local.get $m))
                          (then (i32.store (call $at4 (global.get $ownPosition) (local.get $i)) (local.get $active))))))
                    (br $found)))
                (local.set $active (i32.sub (local.get $active) (i32.const 1)))
                (br $fromEnd)))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes)))
    (local.get $active))

  ;; isShrinkable: the class at `position` sits at its bound (C for the example's own class, 0 for the others) and its
  ;; gradient is below minG.
  (func $shrinkable (param $i i32) (param $base i32) (param $position i32) (param $minG f64) (result i32)
    (i32.and
      (f64.eq
        (f64.load (call $at8 (global.get $alpha) (i32.add (local.get $base) (local.get $position))))
        (select (global.get $C) (f64.const 0)
          (i32.eq (local.get $position) (i32.load (call $at4 (global.get $ownPosition) (local.get $i))))))
      (f64.lt (f64.load (call $at8 (global.get $G) (local.get $position))) (local.get $minG))))

  ;; solveSubProblem: the new alphas of the active classes, from B, into alphaNew.
  (func $subProblem (param $Ai f64) (param $own i32) (param $active i32)
    (local $m i32) (local $top i32) (local $r i32) (local $beta f64) (local $step f64)
    (block $done
      (loop $copy
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (f64.store (call $at8 (global.get $D) (local.get $m)) (f64.load (call $at8 (global.get $B) (local.get $m))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $copy)))
    (if (i32.lt_s (local.get $own) (local.get $active))
      (then
        (f64.store (call $at8 (global.get $D) (local.get $own))
          (f64.add (f64.load (call $at8 (global.get $D) (local.get $own)))
            (f64.mul (local.get $Ai) (global.get $C))))))
    (local.set $top (i32.sub (local.get $active) (i32.const 1)))
    (call $moveLargestTo (local.get $top))
    (local.set $beta
      (f64.sub (f64.load (call $at8 (global.get $D) (local.get $top))) (f64.mul (local.get $Ai) (global.get $C))))
    (local.set $r (i32.const 1))
    (block $settled
      (loop $largest
        (br_if $settled (i32.ge_s (local.get $r) (local.get $active)))
        (call $moveLargestTo (i32.sub (local.get $top) (local.get $r)))
        (br_if $settled
          (i32.eqz
            (f64.lt (local.get $beta)
              (f64.mul (f64.convert_i32_s (local.get $r))
                (f64.load (call $at8 (global.get $D) (i32.sub (local.get $top) (local.get $r))))))))
        (local.set $beta
          (f64.add (local.get $beta) (f64.load (call $at8 (global.get $D) (i32.sub (local.get $top) (local.get $r))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $largest)))
    (local.set $beta (f64.div (local.get $beta) (f64.convert_i32_s (local.get $r))))
    (local.set $m (i32.const 0))
    (block $done
      (loop $classes
        (br_if $done (i32.ge_s (local.get $m) (local.get $active)))
        (local.set $step
          (f64.div (f64.sub (local.get $beta) (f64.load (call $at8 (global.get $B) (local.get $m)))) (local.get $Ai)))
        (f64.store (call $at8 (global.get $alphaNew) (local.get $m))
          (if (result f64) (i32.eq (local.get $m) (local.get $own))
            (then (f64.min (global.get $C) (local.get $step)))
            (else (f64.min (f64.const 0) (local.get $step)))))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $classes))))

  ;; moveLargestTo: swaps the largest of D[0..last] into D[last].
  (func $moveLargestTo (param $last i32)
    (local $i i32) (local $largest i32) (local $swap f64)
    (local.set $largest (local.get $last))
    (block $done
      (loop $values
        (br_if $done (i32.ge_s (local.get $i) (local.get $last)))
        (if (f64.gt (f64.load (call $at8 (global.get $D) (local.get $i)))
                    (f64.load (call $at8 (global.get $D) (local.get $largest))))
          (then (local.set $largest (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $values)))
    (local.set $swap (f64.load (call $at8 (global.get $D) (local.get $last))))
    (f64.store (call $at8 (global.get $D) (local.get $last))
      (f64.load (call $at8 (global.get $D) (local.get $largest))))
    (f64.store (call $at8 (global.get $D) (local.get $largest)) (local.get $swap)))

  ;; updateWeights: the row times each changed class's step added to that class's weights, then to its bias.
  (func $updateWeights (param $from i32) (param $to i32) (param $changed i32)
    ;; classAt and classWeights as in scoreActive.
    (local $q i32) (local $class i32) (local $delta f64) (local $k i32) (local $at i32) (local $classAt i32)
    (local $classWeights i32)
    (local $end i32) (local $otherAt i32) (local $delta2 f64) (local $rowAt i32) (local $v f64)
    (if (i32.eqz (local.get $changed)) (then (return)))
    (if (global.get $many)
      (then
        ;; Two classes a pass over the row while two are left (each weight changes once a step: any order is the same).
        (local.set $end (i32.shl (local.get $to) (i32.const 2)))
        (block $done
          (loop $pairs
            (br_if $done (i32.ge_s (i32.add (local.get $q) (i32.const 1)) (local.get $changed)))
            (local.set $classAt (i32.shl (i32.load (call $at4 (global.get $changedClass) (local.get $q))) (i32.const 2)))
            (local.set $otherAt
              (i32.shl (i32.load (call $at4 (global.get $changedClass) (i32.add (local.get $q) (i32.const 1))))
                (i32.const 2)))
            (local.set $delta (f64.load (call $at8 (global.get $change) (local.get $q))))
            (local.set $delta2 (f64.load (call $at8 (global.get $change) (i32.add (local.get $q) (i32.const 1)))))
            (local.set $k (i32.shl (local.get $from) (i32.const 2)))
            (block $row
              (loop $nonZeros
                (br_if $row (i32.ge_u (local.get $k) (local.get $end)))
                (local.set $rowAt
                  (i32.add (global.get $w)
                    (i32.mul (i32.load (i32.add (global.get $columns) (local.get $k))) (global.get $rowBytes))))
                (local.set $v (f64.promote_f32 (f32.load (i32.add (global.get $values) (local.get $k)))))
                (local.set $at (i32.add (local.get $rowAt) (local.get $classAt)))
                (f32.store (local.get $at)
                  (f32.demote_f64
                    (f64.add (f64.promote_f32 (f32.load (local.get $at))) (f64.mul (local.get $delta) (local.get $v)))))
                (local.set $at (i32.add (local.get $rowAt) (local.get $otherAt)))
                (f32.store (local.get $at)
                  (f32.demote_f64
                    (f64.add (f64.promote_f32 (f32.load (local.get $at))) (f64.mul (local.get $delta2) (local.get $v)))))
                (local.set $k (i32.add (local.get $k) (i32.const 4)))
                (br $nonZeros)))
            (local.set $q (i32.add (local.get $q) (i32.const 2)))
            (br $pairs)))
        (block $done
          (loop $classes
            (br_if $done (i32.ge_s (local.get $q) (local.get $changed)))
            (local.set $class (i32.load (call $at4 (global.get $changedClass) (local.get $q))))
            (local.set $delta (f64.load (call $at8 (global.get $change) (local.get $q))))
            (local.set $classWeights (i32.add (global.get $w) (i32.shl (local.get $class) (i32.const 2))))
            (local.set $k (i32.shl (local.get $from) (i32.const 2)))
            (block $row
              (loop $nonZeros
                (br_if $row (i32.ge_u (local.get $k) (local.get $end)))
                (local.set $at
                  (i32.add (local.get $classWeights)
                    (i32.mul (i32.load (i32.add (global.get $columns) (local.get $k))) (global.get $rowBytes))))
                (f32.store (local.get $at)
                  (f32.demote_f64
                    (f64.add (f64.promote_f32 (f32.load (local.get $at)))
                      (f64.mul (local.get $delta)
                        (f64.promote_f32 (f32.load (i32.add (global.get $values) (local.get $k))))))))
                (local.set $k (i32.add (local.get $k) (i32.const 4)))
                (br $nonZeros)))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (br $classes))))
      (else
        ;; At most eight classes: every class's step (zero for those that did not change) in one pass of the kernel.
        (block $done
          (loop $zero
            (br_if $done (i32.ge_s (local.get $q) (i32.const 8)))
            (f64.store (call $at8 (global.get $steps) (local.get $q)) (f64.const 0))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (br $zero)))
        (local.set $q (i32.const 0))
        (block $done
          (loop $classes
            (br_if $done (i32.ge_s (local.get $q) (local.get $changed)))
            (f64.store
              (call $at8 (global.get $steps) (i32.load (call $at4 (global.get $changedClass) (local.get $q))))
              (f64.load (call $at8 (global.get $change) (local.get $q))))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (br $classes)))
        (call $update (global.get $w) (global.get $columns) (global.get $values) (local.get $from) (local.get $to)
          (global.get $steps) (global.get $stride))))
    (local.set $q (i32.const 0))
    (block $done
      (loop $bias
        (br_if $done (i32.ge_s (local.get $q) (local.get $changed)))
        (local.set $at
          (call $at4 (global.get $w)
            (i32.add (global.get $biasBase) (i32.load (call $at4 (global.get $changedClass) (local.get $q))))))
        (f32.store (local.get $at)
          (f32.demote_f64
            (f64.add (f64.promote_f32 (f32.load (local.get $at)))
              (f64.load (call $at8 (global.get $change) (local.get $q))))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $bias))))
)
