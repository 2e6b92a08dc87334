def train_epoch(model, optimizer, batches, batch_size):
    batch_count = 0
    for inputs, targets in batches:
        batch_count += 1
        loss = model.loss(inputs, targets) / batch_size
        loss.backward()
        if (batch_count % batch_size) == 0:
            optimizer.step()
            optimizer.zero_grad()
            batch_count = 0
