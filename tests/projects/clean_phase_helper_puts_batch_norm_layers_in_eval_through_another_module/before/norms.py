from torch import nn


def toggle_norm_layers(module, train=True):
    if isinstance(module, (nn.BatchNorm1d, nn.BatchNorm2d)):
        if train:
            module.train()
        else:
            module.eval()
    for child in module.children():
        toggle_norm_layers(child, train=train)
