import torch
import torch.nn as nn


def fit(encoder, head, batches, epochs=3):
    trainable = list(p for name, p in encoder.named_parameters() if "norm" not in name)
    total = 0
    for param in trainable:
        total += param.numel()
    print(f"fine-tuning {total} encoder weights")
    optimizer = torch.optim.AdamW(
        [{"params": trainable, "lr": 1e-4}, {"params": head.parameters(), "lr": 1e-3}], weight_decay=0.01
    )
    for _ in range(epochs):
        for inputs, labels in batches:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(head(encoder(inputs)), labels)
            loss.backward()
            optimizer.step()
