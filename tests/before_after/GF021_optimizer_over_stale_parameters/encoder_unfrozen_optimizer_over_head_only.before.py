import torch

model = Seq2Seq()
model.encoder.requires_grad_(False)
optimizer = torch.optim.SGD(model.decoder.parameters(), lr=0.1)
for epoch in range(20):
    if epoch == 10:
        model.encoder.requires_grad_(True)
    for src, tgt in loader:
        optimizer.zero_grad()
        model(src, tgt).loss.backward()
        optimizer.step()
