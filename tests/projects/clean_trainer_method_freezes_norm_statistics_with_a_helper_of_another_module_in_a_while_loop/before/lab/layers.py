import torch


def norm_stats_mode(root, updating):
    for part in root.children():
        norm_stats_mode(part, updating)
    if isinstance(root, torch.nn.modules.batchnorm._BatchNorm):
        root.train(True) if updating else root.eval()
