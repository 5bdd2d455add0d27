"""Converts a BeatNet model's weights (PyTorch state dict) to the raw float32 file the beat tracker reads.

The weights are BeatNet's "model_1_weights.pt" (the model trained without GTZAN), from the BeatNet 1.1.3 wheel on
PyPI, by Mojtaba Heydari, under CC BY 4.0 (see api/assets/beat-model/README.md). Only the Python standard library
is needed: the state dict is a zip of a pickle and raw little-endian storages, read without torch.

    pip download BeatNet==1.1.3 --no-deps -d /tmp/beatnet
    unzip -o /tmp/beatnet/BeatNet-1.1.3-py3-none-any.whl 'BeatNet/models/model_1_weights.pt' -d /tmp/beatnet
    python3 scripts/convert-beatnet-weights.py /tmp/beatnet/BeatNet/models/model_1_weights.pt \
        api/assets/beat-model/beatnet-1.f32

The output is every tensor below, in this order, row-major, float32 little-endian, nothing else.
"""

import array
import collections
import pickle
import sys
import zipfile

# Tensor names and shapes, in file order; beat-activation.ts reads them in the same order.
LAYOUT = [
    ("conv1.weight", (2, 1, 10)),
    ("conv1.bias", (2,)),
    ("linear0.weight", (150, 262)),
    ("linear0.bias", (150,)),
    ("lstm.weight_ih_l0", (600, 150)),
    ("lstm.weight_hh_l0", (600, 150)),
    ("lstm.bias_ih_l0", (600,)),
    ("lstm.bias_hh_l0", (600,)),
    ("lstm.weight_ih_l1", (600, 150)),
    ("lstm.weight_hh_l1", (600, 150)),
    ("lstm.bias_ih_l1", (600,)),
    ("lstm.bias_hh_l1", (600,)),
    ("linear.weight", (3, 150)),
    ("linear.bias", (3,)),
]


def load_state_dict(path):
    archive = zipfile.ZipFile(path)
    prefix = archive.namelist()[0].split("/")[0]

    def rebuild(storage, offset, size, stride, *_):
        values = array.array("f")
        values.frombytes(archive.read(f"{prefix}/data/{storage}"))
        count = 1
        for extent in size:
            count *= extent
        expected = [1] * len(size)
        for axis in range(len(size) - 2, -1, -1):
            expected[axis] = expected[axis + 1] * size[axis + 1]
        if list(stride) != expected:
            raise ValueError("only contiguous tensors are expected")
        return tuple(size), values[offset : offset + count]

    class Unpickler(pickle.Unpickler):
        def find_class(self, module, name):
            if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
                return rebuild
            if (module, name) == ("collections", "OrderedDict"):
                return collections.OrderedDict
            if module == "torch" and name.endswith("Storage"):
                return name
            raise pickle.UnpicklingError(f"unexpected {module}.{name}")

        def persistent_load(self, pid):
            # ('storage', storage type, key, location, element count): the key names the file under data/.
            return pid[2]

    return Unpickler(archive.open(f"{prefix}/data.pkl")).load()


def main(source, target):
    state = load_state_dict(source)
    out = array.array("f")
    for name, shape in LAYOUT:
        size, values = state[name]
        if size != shape:
            raise ValueError(f"{name}: shape {size}, expected {shape}")
        out.extend(values)
    if sys.byteorder != "little":
        out.byteswap()
    with open(target, "wb") as file:
        out.tofile(file)
    print(f"{target}: {len(out)} floats")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
