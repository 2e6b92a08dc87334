# Two optimizers stepped together through a tuple (`for opt in (backbone_opt, head_opt):`)
# while only the backbone's is cleared: the head's gradients pile up across iterations. The
# fix clears the head's optimizer at the start of the iteration, as for two named optimizers.
import torch


def train(backbone, head, batches, loss_fn, epochs=3):
    backbone_opt = torch.optim.SGD(backbone.parameters(), lr=0.01, momentum=0.9)
    head_opt = torch.optim.Adam(head.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in batches:
            head_opt.zero_grad(set_to_none=True)
            backbone_opt.zero_grad()
            loss = loss_fn(head(backbone(inputs)), targets)
            loss.backward()
            for opt in (backbone_opt, head_opt):
                opt.step()
