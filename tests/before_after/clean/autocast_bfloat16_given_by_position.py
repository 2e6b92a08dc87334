import torch

model = torch.nn.Linear(8, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for x, y in [(torch.randn(4, 8), torch.randint(0, 2, (4,)))]:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", torch.bfloat16):  # bf16 needs no GradScaler
        loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
