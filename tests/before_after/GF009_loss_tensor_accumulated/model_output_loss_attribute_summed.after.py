import torch
from transformers import AutoModelForQuestionAnswering


def train(model_name, loader, logging_step=100):
    model = AutoModelForQuestionAnswering.from_pretrained(model_name)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5)
    model.train()
    train_loss = 0
    for step, batch in enumerate(loader, start=1):
        output = model(input_ids=batch[0], attention_mask=batch[1], start_positions=batch[2], end_positions=batch[3])
        train_loss += output.loss.detach()
        output.loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step % logging_step == 0:
            print(f"loss = {train_loss.item() / logging_step:.3f}")
            train_loss = 0
