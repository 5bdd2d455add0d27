;; out[r] += W[r] · x for r < rows: W row-major with `cols` floats a row, cols a multiple of 8; addresses in bytes.
;; Two f32x4 accumulators a row, so that consecutive additions do not wait on each other.
;; simd-matvec.ts carries this module's bytes; simd-matvec.test.ts assembles this file and checks they match.
(module
  (memory (export "memory") 1)
  (func (export "matvec") (param $w i32) (param $x i32) (param $out i32) (param $rows i32) (param $cols i32)
    (local $end i32) (local $c i32) (local $rowBytes i32) (local $a v128) (local $b v128)
    (local.set $rowBytes (i32.shl (local.get $cols) (i32.const 2)))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $a (v128.const f32x4 0 0 0 0))
        (local.set $b (v128.const f32x4 0 0 0 0))
        (local.set $c (i32.const 0))
        (block $rowDone
          (loop $col
            (br_if $rowDone (i32.ge_u (local.get $c) (local.get $rowBytes)))
            (local.set $a
              (f32x4.add (local.get $a)
                (f32x4.mul
                  (v128.load (i32.add (local.get $w) (local.get $c)))
                  (v128.load (i32.add (local.get $x) (local.get $c))))))
            (local.set $b
              (f32x4.add (local.get $b)
                (f32x4.mul
                  (v128.load offset=16 (i32.add (local.get $w) (local.get $c)))
                  (v128.load offset=16 (i32.add (local.get $x) (local.get $c))))))
            (local.set $c (i32.add (local.get $c) (i32.const 32)))
            (br $col)))
        (local.set $a (f32x4.add (local.get $a) (local.get $b)))
        (f32.store (local.get $out)
          (f32.add (f32.load (local.get $out))
            (f32.add
              (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
              (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a))))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (local.set $w (i32.add (local.get $w) (local.get $rowBytes)))
        (br $row)))))
