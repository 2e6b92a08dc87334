import torch


def finetune(backbone, head, loader):
    optimizer = torch.optim.AdamW(
        [
            {"params": backbone.parameters(), "lr": 1e-5},
            {"params": head.parameters(), "lr": 1e-3},
        ]
    )
    for images, labels in loader:
        backbone.zero_grad()
        logits = head(backbone(images))
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        optimizer.step()
