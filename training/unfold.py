"""Starting a network from its ONNX export, whose batch norms the export folded into the
convolutions before them (train.py and reader.py fine-tune from the committed files this way).
"""

import torch
from onnx import numpy_helper


def onnx_weights(model_proto):
    """The export's initializers by name, as tensors."""
    return {i.name: torch.from_numpy(numpy_helper.to_array(i).copy())
            for i in model_proto.graph.initializer}


def unfold_batch_norms(model, pairs, folded, x):
    """Gives each (convolution, batch norm) of `pairs` the export's folded weights and bias
    (`folded`, in the same order) and sets the batch norm to give back what it is given plus
    that bias, its input statistics measured on `x`: the model in eval mode then gives the
    export's outputs, and in training (where a batch norm normalises by the batch) about the
    same on batches like `x`. Leaves the model in training mode."""
    with torch.no_grad():
        for (conv, bn), (weight, bias) in zip(pairs, folded):
            if tuple(weight.shape) != tuple(conv.weight.shape):
                raise SystemExit(f"the export has weights {tuple(weight.shape)} where the "
                                 f"network has {tuple(conv.weight.shape)}")
            conv.weight.copy_(weight)
            bn.weight.fill_(1.0)
            bn.bias.copy_(bias)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        # In eval mode the model gives the export's outputs whatever the statistics are set
        # to, so one pass measures every batch norm's input.
        stats = {}
        hooks = [bn.register_forward_pre_hook(
            lambda mod, inp: stats.__setitem__(mod, (inp[0].mean(dim=(0, 2, 3)),
                                                     inp[0].var(dim=(0, 2, 3), unbiased=False))))
            for _, bn in pairs]
        model.eval()(x)
        for h in hooks:
            h.remove()
        for _, bn in pairs:
            mu, var = stats[bn]
            bn.running_mean.copy_(mu)
            bn.running_var.copy_(var)
            bn.weight.copy_((var + bn.eps).sqrt())
            bn.bias.add_(mu)
    model.train()
