import torch
from torch.utils.data import DataLoader


def train(model, optimizer, dataset, epochs: int, accumulation: int = 4):
    loader = DataLoader(dataset, batch_size=8, shuffle=True)
    for epoch in range(epochs):
        nb_tr_examples, nb_tr_steps, tr_loss = 0, 0, 0.0
        for batch in loader:
            inputs, labels = batch
            loss = torch.nn.functional.cross_entropy(model(inputs), labels) / accumulation
            loss.backward()
            tr_loss += loss.item()
            nb_tr_examples += inputs.size(0)
            nb_tr_steps += 1
            if nb_tr_steps % accumulation == 0:
                optimizer.step()
                optimizer.zero_grad()
        print(f"epoch {epoch}: {tr_loss / max(nb_tr_steps, 1):.4f} over {nb_tr_examples} examples")
