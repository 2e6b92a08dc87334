import torch


def clip_grads(params, value):
    torch.nn.utils.clip_grad_value_(params, value)
